package org.esbbench.report.samples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The fast path of {@link JtlReader}: numbers from the parser's buffer, repeated texts reused. */
class SampleCsvHandlerTest {

    private static List<Sample> read(String jtl) throws IOException {
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(new StringReader(jtl), "inline", samples::add);
        return samples;
    }

    @Test
    void keepsEachRowsOwnTextsWhenTheyChangeFromRowToRow() throws IOException {
        List<Sample> samples = read("""
            timeStamp,elapsed,label,responseCode,success,failureMessage,bytes
            100,5,direct,200,true,,10
            101,6,direct,200,true,,11
            102,7,cbr,503,false,"busy, retry",12
            103,8,direct,200,TRUE,,13
            """);

        assertThat(samples).extracting(Sample::label).containsExactly("direct", "direct", "cbr", "direct");
        assertThat(samples).extracting(Sample::responseCode).containsExactly("200", "200", "503", "200");
        assertThat(samples).extracting(Sample::failureMessage).containsExactly("", "", "busy, retry", "");
        assertThat(samples).extracting(Sample::success).containsExactly(true, true, false, true);
        assertThat(samples).extracting(Sample::bytesReceived).containsExactly(10L, 11L, 12L, 13L);
        assertThat(samples.get(0).label()).isSameAs(samples.get(1).label());
    }

    @Test
    void readsEmptyAndMissingOptionalNumbersAsZeroAndQuotedNumbersAsNumbers() throws IOException {
        List<Sample> samples = read("""
            timeStamp,elapsed,label,responseCode,success,bytes,Latency,Connect
            "1700000000123",1234567,direct,200,true,,"7",
            1700000000124,3,direct,200,true
            """);

        assertThat(samples).hasSize(2);
        assertThat(samples.get(0).startMillis()).isEqualTo(1_700_000_000_123L);
        assertThat(samples.get(0).elapsedMillis()).isEqualTo(1_234_567L);
        assertThat(samples.get(0).bytesReceived()).isZero();
        assertThat(samples.get(0).latencyMillis()).isEqualTo(7);
        assertThat(samples.get(1).latencyMillis()).isZero();
        assertThat(samples.get(1).connectMillis()).isZero();
    }
}
