package org.esbbench.maven.parameters;

import org.esbbench.maven.checks.RunSummary;
import org.esbbench.maven.scenario.ProgressLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.esbbench.core.Payloads;
import org.esbbench.core.PayloadFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped published matrices (config/matrices/): each loads, parses into run parameters, and plans the runs and the
 * time of the README's table; bad names and keys are refused in our words.
 */
class MatrixTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path MATRICES = ROOT.resolve("config/matrices");

    @TempDir
    Path dir;

    private static RunParameters plan(Matrix matrix, Map<String, String> explicit) throws InvalidRunException {
        Map<String, String> build = new java.util.LinkedHashMap<>(RunParameters.DEFAULTS);
        build.putAll(explicit);
        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.of(matrix),
                new ParameterSources.Explicit(explicit.keySet(), java.util.Set.of()));
        return RunParameters.parse(merged.values(), ROOT, ROOT.resolve("jmx"));
    }

    @ParameterizedTest
    @CsvSource({
            // name,               runs, plans, points per plan, repeats, load time
            "wso2-mi,              48,   3,     16,              1,       4:49:36",
            "adroitlogic-round7,   696,  6,     40,              3,       35:11:12",
            // ibm-ace as written, on a machine that gives all three counts of server cores (1, 2, 4): 300 runs and
            // 15:10:00 per count, 149 restarts between counts; check records the counts a smaller machine gives, and
            // sets the users, 4 per server core, once the cores are known (UsersPerCore)
            "ibm-ace,              900,  2,     9,               50,      46:07:15"})
    void eachShippedMatrixPlansTheRunsAndTimeOfTheTable(String name, int runs, int plans, int pointsPerPlan,
                                                        int repeats, String time) throws Exception {
        Matrix matrix = Matrix.load(MATRICES, name);
        RunParameters plan = plan(matrix, Map.of());

        assertThat(matrix.source()).isNotBlank();
        assertThat(matrix.sourceNotes()).isNotBlank();
        assertThat(plan.scenarioRuns()).isEqualTo(runs);
        assertThat(plan.plans()).hasSize(plans);
        assertThat(plan.pointsPerPlan()).isEqualTo(pointsPerPlan);
        assertThat(plan.repeats()).isEqualTo(repeats);
        assertThat(ProgressLine.formatDuration(plan.estimatedSeconds())).isEqualTo(time);
        assertThat(RunSummary.summarise(plan)).startsWith(runs + " scenario runs (" + plans + " plans × "
                + pointsPerPlan + " points × " + repeats + " repeat").endsWith("about " + time + " of load");
    }

    @Test
    void wso2MiHasThePublishedFigures() throws Exception {
        RunParameters plan = plan(Matrix.load(MATRICES, "wso2-mi"), Map.of());

        assertThat(plan.planIds()).containsExactly("direct", "cbr-body", "xslt");
        assertThat(plan.users()).containsExactly(100, 200, 500, 1000);
        assertThat(plan.sizes()).containsExactly(500, 1000, 10000, 100000);
        assertThat(plan.delays()).containsExactly(0L);
        assertThat(plan.heaps()).containsExactly("2g");
        assertThat(plan.warmupSeconds()).isEqualTo(120);
        assertThat(plan.measurementSeconds()).isEqualTo(240);
    }

    @Test
    void adroitLogicMeasuresWsSecurityUpTo10KOnly() throws Exception {
        RunParameters plan = plan(Matrix.load(MATRICES, "adroitlogic-round7"), Map.of());

        assertThat(plan.points()).noneMatch(p -> p.scenario().equals("ws-security") && p.sizeBytes() == 102400);
        assertThat(plan.points()).anyMatch(p -> p.scenario().equals("ws-security") && p.sizeBytes() == 10240);
        assertThat(plan.points()).anyMatch(p -> p.scenario().equals("direct") && p.sizeBytes() == 102400);
        assertThat(plan.excludedPoints()).isEqualTo(8);
        assertThat(RunSummary.summarise(plan)).contains("less 24 excluded (ws-security@102400)");
    }

    @Test
    void ibmAceKeepsTheSuitesDefaultHeapAndRenewsConnectionsEvery5000Requests() throws Exception {
        RunParameters plan = plan(Matrix.load(MATRICES, "ibm-ace"), Map.of());

        assertThat(plan.planIds()).containsExactly("soap", "jms");
        assertThat(plan.heaps()).containsExactly(RunParameters.DEFAULTS.get("heap"));
        assertThat(plan.settings().reuse()).isEqualTo(5000);
        assertThat(plan.sizes()).containsExactly(2048, 20480, 204800);
    }

    @Test
    void anExplicitListOverridesOneDimensionAndKeepsTheRest() throws Exception {
        RunParameters plan = plan(Matrix.load(MATRICES, "wso2-mi"), Map.of("users", "100,200", "warmup", "60",
                "measurement", "120"));

        assertThat(plan.users()).containsExactly(100, 200);
        assertThat(plan.sizes()).containsExactly(500, 1000, 10000, 100000);
        assertThat(plan.scenarioRuns()).isEqualTo(24);
        assertThat(plan.loadSeconds()).isEqualTo(182);
    }

    @Test
    void everySizeOfEveryMatrixHasASoapAndAJsonPayload() throws Exception {
        // The generator writes both formats of every run size (suite pom, generate-ws-pool), so both must exist,
        // whatever -Dscenarios makes of the matrix (rest sends the JSON one).
        for (String name : Matrix.names(MATRICES)) {
            for (int size : plan(Matrix.load(MATRICES, name), Map.of()).sizes()) {
                assertThat(Payloads.soap(size)).as(name + " " + size).hasSize(size);
                assertThat(Payloads.json(size)).as(name + " " + size).hasSize(size);
            }
        }
        assertThat(Payloads.minimumSize(PayloadFormat.JSON)).isLessThanOrEqualTo(Payloads.minimumSize(PayloadFormat.SOAP));
    }

    @Test
    void anUnknownMatrixIsRefusedWithTheValidNames() {
        assertThatThrownBy(() -> Matrix.load(MATRICES, "wso2"))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("unknown matrix 'wso2'; valid: adroitlogic-round7, ibm-ace, wso2-mi");
        assertThatThrownBy(() -> Matrix.load(MATRICES, "../targets/reference"))
                .hasMessageContaining("unknown matrix");
    }

    @Test
    void anUnknownKeyIsRefusedWithTheValidKeys() throws Exception {
        Files.writeString(dir.resolve("x.properties"), "source=somewhere\nuser=10\n");

        assertThatThrownBy(() -> Matrix.load(dir, "x"))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("x.properties: unknown key 'user'; valid: scenarios, model, users,")
                .hasMessageContaining("exclude, serverCpus, usersPerServerCore, description, source, source.notes");
    }

    @Test
    void aMatrixWithoutSourceIsRefused() throws Exception {
        Files.writeString(dir.resolve("y.properties"), "users=10\n");

        assertThatThrownBy(() -> Matrix.load(dir, "y"))
                .hasMessageContaining("y.properties: no source= (a published matrix names where its figures come from)");
    }

    @Test
    void aBadValueInAMatrixFailsAtParseNamingTheParameter() throws Exception {
        Files.writeString(dir.resolve("z.properties"), "source=somewhere\nusers=ten\n");

        assertThatThrownBy(() -> plan(Matrix.load(dir, "z"), Map.of()))
                .hasMessageContaining("-Dusers=ten: not a whole number");
    }
}
