package org.esbbench.jmeter;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * Builds each reply check once per expectation and shares it between all JMeter threads.
 *
 * <p>Building reads the payload file and, for ws-security, loads keystores: far too slow per sample. The
 * checks themselves are thread-safe (core's contract), so one instance serves every thread.
 */
final class ReplyCheckCache {

    private static final ConcurrentMap<ReplyExpectation, ReplyCheck> CHECKS = new ConcurrentHashMap<>();

    private ReplyCheckCache() {
    }

    static ReplyCheck checkFor(ReplyExpectation expectation) {
        return CHECKS.computeIfAbsent(expectation, ReplyCheckCache::build);
    }

    /** Forgets everything: a new test run may use regenerated payloads or other keys. */
    static void clear() {
        CHECKS.clear();
        WsSecurityClients.clear();
    }

    static int size() {
        return CHECKS.size();
    }

    private static ReplyCheck build(ReplyExpectation expectation) {
        byte[] expected = expectation.expectedBody();
        if (expectation.scenario() == Scenario.WS_SECURITY) {
            WsSecurityParty client = WsSecurityClients.client(expectation.keystoreDir(), expectation.suite());
            return ReplyChecks.forWsSecurity(expected, client);
        }
        return ReplyChecks.forScenario(expectation.scenario(), expected);
    }
}
