package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

class ResultFilesTest {
    @Test
    void matchesPlainAndTimestampedNamesOfTheRightPlanOnly() {
        assertThat(ResultFiles.isResultsOf(Path.of("soap.csv"), Scenario.SOAP)).isTrue();
        assertThat(ResultFiles.isResultsOf(Path.of("20261122-soap.csv"), Scenario.SOAP)).isTrue();
        assertThat(ResultFiles.isResultsOf(Path.of("cbr-soap-header.csv"), Scenario.SOAP)).isFalse();
        assertThat(ResultFiles.isResultsOf(Path.of("20261122-cbr-soap-header.csv"), Scenario.CBR_SOAP_HEADER)).isTrue();
        assertThat(ResultFiles.isResultsOf(Path.of("direct.jtl"), Scenario.DIRECT)).isFalse();
    }
}
