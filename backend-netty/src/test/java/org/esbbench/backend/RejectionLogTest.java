package org.esbbench.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class RejectionLogTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String[] lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toArray(String[]::new);
    }

    @Test
    void writesOneWarnLinePerRejectionUpToTheLimitAndCountsTheRest() throws Exception {
        RejectionLog log = new RejectionLog(() -> out, 3, false);
        for (int i = 0; i < 10; i++) {
            log.rejected(400, "/127.0.0.1:" + (1000 + i), "malformed HTTP request", "GET / HTTP/1.1");
        }
        assertThat(lines()).hasSize(3).allMatch(l -> l.startsWith("backend-netty WARN: rejected /127.0.0.1:100"));
        assertThat(log.suppressed()).isEqualTo(7);

        Thread.sleep(1_050);
        log.rejected(408, "/127.0.0.1:2000", "request incomplete", null);
        assertThat(lines()).hasSize(4);
        assertThat(lines()[3]).contains("-> 408: request incomplete")
                .contains("(7 earlier lines suppressed: more than 3 a second)");
        assertThat(log.suppressed()).isZero();
    }

    @Test
    void verboseAddsTheDetailAndCutsItShort() {
        RejectionLog quiet = new RejectionLog(() -> out, 10, false);
        quiet.rejected(431, "/127.0.0.1:1", "headers larger than 65536 bytes", "GET /x HTTP/1.1");
        RejectionLog verbose = new RejectionLog(() -> out, 10, true);
        verbose.rejected(414, "/127.0.0.1:2", "request line longer than 8192 bytes", "GET /" + "u".repeat(500));
        assertThat(lines()[0]).isEqualTo("backend-netty WARN: rejected /127.0.0.1:1 -> 431: headers larger than 65536 bytes");
        assertThat(lines()[1]).contains("[GET /uuu").endsWith("...]").hasSizeLessThan(330);
    }
}
