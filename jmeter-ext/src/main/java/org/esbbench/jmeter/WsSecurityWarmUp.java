package org.esbbench.jmeter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.esbbench.core.Payloads;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.TestKeystores;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * Verifies secured replies in JMeter's JVM before the load starts, for a bounded time. A cold JVM verifies a
 * secured reply in tens of milliseconds of CPU, a warm one in about one: with the first seconds of an open model
 * all cold, JMeter's reply checks took most of a 2-core machine and starved the thread that starts arrivals, which
 * left a measurement window of seconds without load at its start. The replies are the server's own (secured with
 * {@code server.p12}), so this is possible only when the keystore folder holds the server's key, as the suite's
 * does; without it the first replies warm the JVM as before.
 */
final class WsSecurityWarmUp {
    /** Long enough for the JIT to compile the verification's hot paths, short beside any warm-up window. */
    static final Duration BUDGET = Duration.ofMillis(1500);
    static final int MAX_REPLIES = 200;

    private WsSecurityWarmUp() {
    }

    /**
     * @return how many replies were verified; 0 when the folder has no server key
     * @throws IllegalArgumentException when the keystores cannot be read, or a reply secured with them does not
     *         verify (the keys do not belong together)
     */
    static int run(Path keystoreDir, AlgorithmSuite suite, Duration budget) {
        if (!Files.isRegularFile(keystoreDir.resolve(TestKeystores.SERVER_ALIAS + ".p12"))) {
            return 0;
        }
        WsSecurityParty client = WsSecurityClients.client(keystoreDir, suite);
        byte[] plain = Payloads.soap(1024);
        byte[] reply = WsSecurityParty.server(keystoreDir, suite).secure(plain);
        ReplyCheck check = ReplyChecks.forWsSecurity(plain, client);
        long end = System.nanoTime() + budget.toNanos();
        int verified = 0;
        while (verified < MAX_REPLIES && System.nanoTime() < end) {
            String difference = check.check(200, reply);
            if (difference != null) {
                throw new IllegalArgumentException("a reply secured with " + keystoreDir + " does not verify: " + difference);
            }
            verified++;
        }
        return verified;
    }
}
