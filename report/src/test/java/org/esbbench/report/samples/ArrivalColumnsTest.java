package org.esbbench.report.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open model's arrival columns as the Scheduled Arrivals Thread Group writes them (intended_us, lateness_us,
 * response_us after elapsed_us), read into response time, service time and lateness.
 */
class ArrivalColumnsTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success,failureMessage,"
            + "\"elapsed_us\",\"intended_us\",\"lateness_us\",\"response_us\"\n";

    private static List<Sample> read(String rows) throws Exception {
        List<Sample> samples = new ArrayList<>();
        JtlReader.read(new StringReader(HEADER + rows), "inline", samples::add);
        return samples;
    }

    @Test
    void anArrivalsResponseTimeCountsFromItsDueTimeAndItsServiceTimeFromTheSend() throws Exception {
        List<Sample> samples = read("""
                100,0,direct,200,true,,400,1700000000000000,2500,2900
                101,0,direct,200,true,,300,null,null,null
                102,0,direct,200,true,,350,,,
                """);

        assertThat(samples.get(0).timedFromArrival()).isTrue();
        assertThat(samples.get(0).responseMicros()).isEqualTo(2_900);
        assertThat(samples.get(0).serviceMicros()).isEqualTo(400);
        assertThat(samples.get(0).latenessMicros()).isEqualTo(2_500);
        // the closed model's rows, and an arrival's later samples: no arrival timing, the response time is the service time
        assertThat(samples.subList(1, 3)).extracting(Sample::timedFromArrival).containsExactly(false, false);
        assertThat(samples.subList(1, 3)).extracting(Sample::responseMicros).containsExactly(300L, 350L);
    }

}
