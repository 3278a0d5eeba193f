package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlTailTest {
    @TempDir
    Path dir;

    @Test
    void countsSamplesAndFailuresAsTheFileGrowsEvenWhenARecordIsCutInsideQuotes() throws Exception {
        Path jtl = dir.resolve("direct.csv");
        Files.writeString(jtl, "timeStamp,elapsed,label,success,failureMessage\n"
                + "1000,5,direct,true,\n"
                + "1010,7,direct,false,\"incorrect reply: byte 3 differs,\n and more");
        JtlTail tail = new JtlTail(jtl);
        assertThat(tail.poll()).isEqualTo(1);
        assertThat(tail.firstTimestamp()).isEqualTo(1000);

        Files.writeString(jtl, "\"\n1020,4,direct,true,\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(tail.poll()).isEqualTo(2);
        assertThat(tail.samples()).isEqualTo(3);
        assertThat(tail.failures()).isEqualTo(1);
        assertThat(tail.poll()).isZero();
    }

    @Test
    void recordEndIgnoresNewlinesInsideQuotes() {
        assertThat(JtlTail.lastRecordEnd("a,\"x\ny\"\nb,\"open\n")).isEqualTo(8);
    }
}
