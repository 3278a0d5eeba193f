package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.TestKeystores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WsSecurityWarmUpTest {

    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        ReplyCheckCache.clear();
    }

    @Test
    void verifiesTheServersRepliesUntilItsBudgetIsSpent() throws Exception {
        TestKeystores.write(dir, Duration.ofDays(2));

        int verified = WsSecurityWarmUp.run(dir, AlgorithmSuite.MODERN, Duration.ofMillis(300));

        assertThat(verified).isBetween(1, WsSecurityWarmUp.MAX_REPLIES);
        assertThat(WsSecurityClients.has(dir, AlgorithmSuite.MODERN)).isTrue();
    }

    @Test
    void doesNothingWithoutTheServersKey() throws Exception {
        TestKeystores.write(dir, Duration.ofDays(2));
        Files.delete(dir.resolve("server.p12"));

        assertThat(WsSecurityWarmUp.run(dir, AlgorithmSuite.MODERN, Duration.ofMillis(300))).isZero();
    }

    @Test
    void refusesKeysThatDoNotBelongTogether() throws Exception {
        Path other = Files.createDirectories(dir.resolve("other"));
        TestKeystores.write(dir, Duration.ofDays(2));
        TestKeystores.write(other, Duration.ofDays(2));
        Files.copy(other.resolve("server.p12"), dir.resolve("server.p12"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertThatThrownBy(() -> WsSecurityWarmUp.run(dir, AlgorithmSuite.MODERN, Duration.ofMillis(300)))
            .isInstanceOf(RuntimeException.class);
    }
}
