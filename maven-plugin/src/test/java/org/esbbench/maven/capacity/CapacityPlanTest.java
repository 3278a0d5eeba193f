package org.esbbench.maven.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with -Dcapacity as check plans and says it: a search per point, in the open model, each point once. */
class CapacityPlanTest {

    @TempDir
    Path root;

    private Map<String, String> values(String... pairs) {
        Map<String, String> values = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return values;
    }

    private RunParameters parse(Map<String, String> values) throws InvalidRunException {
        return RunParameters.parse(values, root, root.resolve("jmx"));
    }

    @Test
    void eachPointIsOneSearchInTheOpenModelWhateverModelAndRateSay() throws Exception {
        RunParameters plan = parse(values("scenarios=direct,xslt", "capacity=p99<=20ms", "model=closed",
                "rate=100,200", "delay=0,50"));

        assertThat(plan.models()).containsExactly(RunParameters.LoadModel.OPEN);
        assertThat(plan.points()).containsExactly(
                Point.open("direct", RunParameters.CAPACITY_PLACEHOLDER_RATE, 1024, 0),
                Point.open("xslt", RunParameters.CAPACITY_PLACEHOLDER_RATE, 1024, 0),
                Point.open("direct", RunParameters.CAPACITY_PLACEHOLDER_RATE, 1024, 50),
                Point.open("xslt", RunParameters.CAPACITY_PLACEHOLDER_RATE, 1024, 50));
    }

    @Test
    void repeatsAndABadObjectiveAreRefusedBeforeAnyLoad() {
        assertThatThrownBy(() -> parse(values("scenarios=direct", "capacity=p99<=20ms", "repeats=3")))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("-Dcapacity searches each point once");
        assertThatThrownBy(() -> parse(values("scenarios=direct", "capacity=p98<=20ms")))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("unknown figure 'p98'")
                .hasMessageContaining("p99.9");
        assertThatThrownBy(() -> parse(values("scenarios=direct", "capacity=p99<=20ms", "capacityStart=fast")))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("-DcapacityStart=fast");
        assertThatThrownBy(() -> parse(values("scenarios=direct", "capacity=p99<=20ms", "capacityPrecision=0")))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("-DcapacityPrecision=0");
    }

    @Test
    void checkSaysTheSearchesTheirObjectiveAndTheirTime() throws Exception {
        Map<String, String> v = values("scenarios=direct,xslt", "capacity=p99<=20ms", "warmup=30", "measurement=60");
        String line = CapacityPlan.summary(v, parse(v)).orElseThrow();

        // 30 s warm-up + 5 s, 10 probes of 10 + 5 + 5 s, a confirmation of 60 + 5 + 5 s: 305 s.
        assertThat(line).startsWith("2 capacity search(es) (2 plan(s) × 1 point(s)) under p99<=20ms, errors<=0%"
                + " (implied), incorrect<=0% (implied)").contains("about 0:05:05 per search", "at most 0:30:00 of probes");
        assertThat(CapacityPlan.summary(values("scenarios=direct"), parse(values("scenarios=direct")))).isEmpty();
        // A round's length counts the searches, not the scenario runs of a measured run.
        assertThat(CapacityPlan.estimatedSeconds(v, parse(v))).hasValue(2 * 305);
        assertThat(CapacityPlan.estimatedSeconds(values("scenarios=direct"), parse(values("scenarios=direct")))).isEmpty();
    }

    @Test
    void theAutomaticStartIsATenthOfTheClosedModelsThroughputAndAtLeastOne() {
        assertThat(PointSearch.autoStart(19_265)).isEqualTo(1927);
        assertThat(PointSearch.autoStart(4)).isEqualTo(1);
    }
}
