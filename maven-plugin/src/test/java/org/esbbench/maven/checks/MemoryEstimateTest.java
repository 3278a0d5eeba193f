package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.dashboard.JMeterDashboard;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;

/** The memory check's estimate of the largest scenario run and what it says before the run. */
class MemoryEstimateTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static RunParameters plan(String... pairs) throws InvalidRunException {
        Map<String, String> values = new LinkedHashMap<>(RunParameters.DEFAULTS);
        values.put("scenarios", "direct");
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return RunParameters.parse(values, ROOT, ROOT.resolve("jmx"));
    }

    @Test
    void samplesPerSecondFollowTheRateTheUsersOverTheDelayAndTheCeiling() {
        assertThat(MemoryEstimate.samplesPerSecond(Point.open("direct", 20_000, 1024, 0))).isEqualTo(20_000);
        // closed: one request per user per max(delay, 0.2 ms)
        assertThat(MemoryEstimate.samplesPerSecond(new Point("direct", 100, 1024, 1000))).isEqualTo(100);
        assertThat(MemoryEstimate.samplesPerSecond(new Point("direct", 2, 1024, 0))).isEqualTo(10_000);
        assertThat(MemoryEstimate.samplesPerSecond(new Point("direct", 500, 1024, 0)))
                .isEqualTo(MemoryEstimate.CEILING_SAMPLES_PER_SECOND);
        assertThat(MemoryEstimate.samplesPerSecond(Point.open("direct", 90_000, 1024, 0)))
                .isEqualTo(MemoryEstimate.CEILING_SAMPLES_PER_SECOND);
    }

    @Test
    void theLargestRunOfTheIssuesExampleDoesNotFitHalfOfA24GbMachineAndCheckSaysWhatTheAnalysisWillDo()
            throws InvalidRunException {
        // the issue's example: 900 s at 20,000 samples/s
        RunParameters plan = plan("model=open", "rate=100,20000", "warmup=300", "measurement=900");
        MemoryEstimate.Largest largest = MemoryEstimate.largest(plan).orElseThrow();
        assertThat(largest.point().rate()).isEqualTo(20_000);
        assertThat(largest.windowSamples()).isEqualTo(18_000_000);
        assertThat(largest.fileSamples()).isEqualTo(20_000L * (300 + 900 + RunParameters.TAIL_SECONDS));
        long needMb = JMeterDashboard.heapMbFor(largest.fileSamples());

        List<String> lines = MemoryEstimate.describe(plan, true, needMb - 1, 2 * (needMb - 1), 1024);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("WARNING: memory: the largest scenario run, direct_r20000_s1024_d0")
                .contains("18000000 in its 900 s window").contains("about " + needMb + " MB of heap")
                .contains("make no dashboard for a scenario run of more than about")
                .contains("1 of 2 points").contains("-DdashboardHeap=" + needMb + "m");

        assertThat(MemoryEstimate.describe(plan, true, needMb, 2 * needMb, 1024)).singleElement()
                .satisfies(l -> assertThat(l).startsWith("memory: ").contains("within the " + needMb + " MB"));
        assertThat(MemoryEstimate.describe(plan, false, 1, 2, 1024)).singleElement()
                .satisfies(l -> assertThat(l).contains("no dashboards"));
        // a machine too small for that dashboard at all: no heap option offered
        assertThat(MemoryEstimate.describe(plan, true, needMb / 4, needMb / 2, 1024).get(0))
                .contains("too little memory").doesNotContain("-DdashboardHeap=" + needMb);
        // Maven's own heap below what the streaming analysis needs
        assertThat(MemoryEstimate.describe(plan, false, 1, 2, 32)).anySatisfy(l -> assertThat(l)
                .startsWith("WARNING: memory: the analysis runs in Maven's JVM").contains("MAVEN_OPTS"));
    }

    @Test
    void theDashboardHeapIsHalfTheMachineOrWhatIsGivenWithinTheMachine() throws InvalidRunException {
        assertThat(MemoryEstimate.dashboardHeapLimitMb("", 24_000)).isEqualTo(12_000);
        assertThat(MemoryEstimate.dashboardHeapLimitMb(null, 24_000)).isEqualTo(12_000);
        assertThat(MemoryEstimate.dashboardHeapLimitMb("6g", 24_000)).isEqualTo(6144);
        assertThat(MemoryEstimate.dashboardHeapLimitMb("3000M", 24_000)).isEqualTo(3000);
        assertThatThrownBy(() -> MemoryEstimate.dashboardHeapLimitMb("32g", 24_000))
                .hasMessageContaining("more than this machine's 24000 MB").hasMessageContaining("at most 24000m");
        assertThatThrownBy(() -> MemoryEstimate.dashboardHeapLimitMb("lots", 24_000))
                .hasMessageContaining("is not a heap size").hasMessageContaining("-DdashboardHeap=6g");
    }
}
