package org.esbbench.report.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlFollowerTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success,failureMessage\n";

    @TempDir
    Path dir;

    @Test
    void countsSamplesAndFailuresAsTheFileGrowsEvenWhenARecordIsCutInsideQuotes() throws Exception {
        Path jtl = dir.resolve("direct.csv");
        Files.writeString(jtl, HEADER
                + "1000,5,direct,200,true,\n"
                + "1010,7,direct,200,false,\"incorrect reply: byte 3 differs,\n and more");
        JtlFollower follower = new JtlFollower(jtl);
        assertThat(follower.poll()).isEqualTo(1);
        assertThat(follower.firstTimestamp()).isEqualTo(1000);

        append(jtl, "\"\n1020,4,direct,200,true,\n");
        assertThat(follower.poll()).isEqualTo(2);
        assertThat(follower.samples()).isEqualTo(3);
        assertThat(follower.failures()).isEqualTo(1);
        assertThat(follower.poll()).isZero();
    }

    @Test
    void waitsForALineJMeterIsStillWritingAndForTheFileItself() throws Exception {
        Path jtl = dir.resolve("later.csv");
        JtlFollower follower = new JtlFollower(jtl);
        assertThat(follower.poll()).isZero();
        assertThat(follower.firstTimestamp()).isEqualTo(-1);

        Files.writeString(jtl, HEADER + "2000,5,di");
        assertThat(follower.poll()).isZero();
        append(jtl, "rect,200,true,\n");
        assertThat(follower.poll()).isEqualTo(1);
        assertThat(follower.firstTimestamp()).isEqualTo(2000);
    }

    @Test
    void saysSoWhenTheFileIsNoResultsFile() throws Exception {
        Path jtl = dir.resolve("other.csv");
        Files.writeString(jtl, "a,b\n1,2\n");
        assertThatThrownBy(new JtlFollower(jtl)::poll).isInstanceOf(IOException.class).hasMessageContaining("timeStamp");
    }

    @Test
    void recordEndIgnoresNewlinesInsideQuotes() {
        assertThat(JtlFollower.lastRecordEnd("a,\"x\ny\"\nb,\"open\n")).isEqualTo(8);
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}
