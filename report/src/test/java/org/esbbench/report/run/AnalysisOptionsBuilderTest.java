package org.esbbench.report.run;

import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalysisOptionsBuilderTest {
    @TempDir
    Path results;

    private static Map<String, String> given(String... nameValue) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            m.put(nameValue[i], nameValue[i + 1]);
        }
        return m;
    }

    private static final Map<String, String> CLI = Map.of(AnalysisOptionsBuilder.SATURATION_THRESHOLD,
            "--saturation-threshold", ErrorTolerance.PARAMETER, "--max-error-percent", KeepResults.PARAMETER,
            "--keep-results", DriftThreshold.PARAMETER, "--drift-threshold");

    @Test
    void withNothingGivenTheRecordedValuesAndTheDefaultsHold() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").parameter(KeepResults.PARAMETER, "plain")
                .parameter(DriftThreshold.PARAMETER, "25").write();

        AnalysisOptions options = AnalysisOptionsBuilder.build(given(ErrorTolerance.PARAMETER, " ",
                DriftThreshold.PARAMETER, null), layout, AnalysisOptionsBuilder.MAVEN_PROPERTY);

        assertThat(options.saturationThresholdPercent()).isEqualTo(AnalysisOptions.DEFAULT_SATURATION_THRESHOLD_PERCENT);
        assertThat(options.errorTolerance()).as("the analysis reads the recorded one").isEmpty();
        assertThat(options.keepResults()).isEqualTo(KeepResults.PLAIN);
        assertThat(options.driftThresholdPercent()).isEqualTo(25);
    }

    @Test
    void givenValuesWinOverTheRecordedOnes() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").parameter(KeepResults.PARAMETER, "plain")
                .parameter(DriftThreshold.PARAMETER, "25").write();

        AnalysisOptions options = AnalysisOptionsBuilder.build(given(AnalysisOptionsBuilder.SATURATION_THRESHOLD, "75",
                ErrorTolerance.PARAMETER, "0.5", KeepResults.PARAMETER, "NONE", DriftThreshold.PARAMETER, "12.5%"),
                layout, AnalysisOptionsBuilder.MAVEN_PROPERTY);

        assertThat(options.saturationThresholdPercent()).isEqualTo(75);
        assertThat(options.errorTolerance()).isEqualTo(Optional.of(new ErrorTolerance(0.5)));
        assertThat(options.keepResults()).isEqualTo(KeepResults.NONE);
        assertThat(options.driftThresholdPercent()).isEqualTo(12.5);
    }

    @Test
    void aWrongValueIsNamedAsTheUserGaveIt() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").write();

        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(given(ErrorTolerance.PARAMETER, "lots"), layout,
                AnalysisOptionsBuilder.MAVEN_PROPERTY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(messageOf(() -> ErrorTolerance.parse("lots")))
                .hasMessageStartingWith("-DmaxErrorPercent=lots: give the errors tolerated");
        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(given(ErrorTolerance.PARAMETER, "lots"), layout, CLI::get))
                .hasMessage("--max-error-percent=lots: give the errors tolerated per scenario run as a percent of its"
                        + " samples, a number from 0 to 100 (e.g. --max-error-percent=1 or 0.5); 0, the default, fails"
                        + " the run on any error. Incorrect replies always fail it");
        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(given(DriftThreshold.PARAMETER, "0"), layout, CLI::get))
                .hasMessage("--drift-threshold=0: give how far, in percent, the first and last thirds of a measurement"
                        + " window may differ in throughput or p99 before it is flagged drift, a number above 0 and at"
                        + " most 1000 (e.g. --drift-threshold=10, the default, or 25)");
        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(given(KeepResults.PARAMETER, "zip"), layout, CLI::get))
                .hasMessage("--keep-results=zip is not known; give one of compressed, none, plain (compressed is the"
                        + " default)");
        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(given(AnalysisOptionsBuilder.SATURATION_THRESHOLD, "high"),
                layout, AnalysisOptionsBuilder.MAVEN_PROPERTY))
                .hasMessageStartingWith("-DsaturationThreshold=high: give the machine CPU %");
    }

    @Test
    void aWrongRecordedValueNamesTheRunParametersFile() throws IOException {
        RunLayout layout = new AnalysableRunFixture(results, "run").parameter(KeepResults.PARAMETER, "zip").write();

        assertThatThrownBy(() -> AnalysisOptionsBuilder.build(Map.of(), layout, CLI::get)).isInstanceOf(IOException.class)
                .hasMessage(layout.runParameters() + ": -DkeepResults=zip is not known; give one of compressed, none,"
                        + " plain (compressed is the default)");
    }

    @Test
    void theParametersOfTheErrorToleranceAndTheDriftThresholdAreReadAlike() {
        assertThat(AnalysisOptionsBuilder.percent(" 2 % ", "-Dx", p -> p > 0, "more")).hasValue(2);
        assertThat(AnalysisOptionsBuilder.percent(" ", "-Dx", p -> p > 0, "more")).isEmpty();
        assertThatThrownBy(() -> AnalysisOptionsBuilder.percent("NaN", "-Dx", p -> true, "a number"))
                .hasMessage("-Dx=NaN: a number");
        assertThat(DriftThreshold.parse("")).isEqualTo(AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT);
        assertThat(ErrorTolerance.parse(" ")).isEqualTo(ErrorTolerance.NONE);
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
