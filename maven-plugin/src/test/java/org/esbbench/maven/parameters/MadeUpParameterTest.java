package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.targets.TargetProfile;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameter added to the catalogue, and nowhere else, is validated, recorded in the run folder, passed to the
 * plans and documented: the catalogue is the one declaration (as ExtraFigureTest holds for figures).
 */
class MadeUpParameterTest {

    /** A made-up plan parameter: think time between requests, 0..60000 ms. */
    static final RunParameter THINK = RunParameter.of("thinkTime", "250", "Think time between two requests of a user, in ms.")
            .checkedBy(Checks.nonNegative(60_000)).with(RunParameter.Trait.RECORDED, RunParameter.Trait.TO_PLANS);

    private final ParameterCatalogue catalogue = ParameterCatalogue.STANDARD.with(THINK);

    @TempDir
    Path dir;

    private RunParameters run(Map<String, String> given) throws InvalidRunException {
        Map<String, String> values = new HashMap<>(given);
        values.put("scenarios", "direct");
        return RunParameters.parse(values, dir, dir.resolve("jmx"), catalogue);
    }

    @Test
    void aBadValueIsRefusedBeforeAnyLoadInTheCataloguesWords() {
        assertThatThrownBy(() -> run(Map.of("thinkTime", "-1"))).isInstanceOf(InvalidRunException.class)
                .hasMessage("-DthinkTime=-1: must not be negative");
        assertThatThrownBy(() -> run(Map.of("thinkTime", "90000"))).hasMessage("-DthinkTime=90000: at most 60000");
        assertThatThrownBy(() -> catalogue.validate(Map.of("thinkTime", "soon")))
                .hasMessage("-DthinkTime=soon: not a whole number");
    }

    @Test
    void itIsRecordedWithItsDefaultAndReadBackFromTheRunFolder() throws Exception {
        Map<String, String> recorded = catalogue.recorded(name -> null);
        assertThat(recorded).containsEntry("thinkTime", "250").containsEntry("users", "10");
        assertThat(List.copyOf(recorded.keySet())).last().isEqualTo("thinkTime");

        Path file = dir.resolve("run-parameters.json");
        RunParameters run = run(Map.of());
        new RunParametersFile("r", "reference", Instant.EPOCH, recorded, List.of(), run.points(), run.repeats(),
                run.warmupSeconds(), run.measurementSeconds(), "made up", Map.of()).write(file);
        assertThat(RunParametersFile.read(file).parameters()).containsEntry("thinkTime", "250");
        assertThat(ParameterCatalogue.STANDARD.recorded(name -> null)).doesNotContainKey("thinkTime");
    }

    @Test
    void thePlansReceiveItAsAJMeterProperty() throws Exception {
        Path targets = Files.createDirectories(dir.resolve("targets"));
        Files.writeString(targets.resolve("t.properties"), "start=false\nhost=127.0.0.1\nport=18280\n");
        TargetProfile profile = TargetProfile.load(targets, "t");
        RunParameters run = run(Map.of("thinkTime", "40"));
        PlanProperties.Files files = new PlanProperties.Files(Path.of("/p"), Path.of("/k"), Path.of("/perf.csv"),
                Optional.empty(), 4444);

        Map<String, String> properties = PlanProperties.of(run, profile, run.plan("direct"),
                new Point("direct", 10, 1024, 0), files);

        assertThat(properties).containsEntry("thinkTime", "40");
        assertThat(PlanProperties.names(catalogue)).contains("thinkTime");
        assertThat(PlanProperties.NAMES).doesNotContain("thinkTime");
    }

    @Test
    void itHasItsRowInTheDocumentation() {
        assertThat(catalogue.markdownTable()).endsWith(
                "| `thinkTime` | `250` | Think time between two requests of a user, in ms. |\n");
        assertThat(catalogue.planPropertiesTable()).contains("| `thinkTime` | the parameter `thinkTime` |");
    }
}
