package org.esbbench.report.chart;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FileNamesTest {

    @Test
    void keepsSafeCharactersAndJoinsTheRestWithSingleHyphens() {
        assertThat(FileNames.slug("1 KiB, delay 500 ms")).isEqualTo("1-kib-delay-500-ms");
        assertThat(FileNames.slug("cbr_soap_body")).isEqualTo("cbr_soap_body");
        assertThat(FileNames.slug("Camel 4.18 (tuned)")).isEqualTo("camel-4.18-tuned");
    }

    @Test
    void neverLeavesPathSeparatorsLeadingDotsOrAnEmptyName() {
        assertThat(FileNames.slug("../../etc/passwd")).isEqualTo("etc-passwd");
        assertThat(FileNames.slug("Ünïcode ✓")).isEqualTo("n-code");
        assertThat(FileNames.slug("  ")).isEqualTo("chart");
    }
}
