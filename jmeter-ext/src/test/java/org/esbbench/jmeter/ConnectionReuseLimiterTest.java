package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.threads.JMeterContextService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConnectionReuseLimiterTest {

    @BeforeAll
    static void jmeterProperties() {
        JMeterProperties.load();
    }

    @AfterEach
    void clearContext() {
        JMeterContextService.getContext().setCurrentSampler(null);
    }

    /** Runs {@code samples} samples the way JMeter does: pre-process, sample, recover the running version. */
    private static List<Boolean> keepAliveFlags(String requestsPerConnection, int samples) {
        HTTPSamplerProxy sampler = new HTTPSamplerProxy();
        sampler.setUseKeepAlive(true);
        sampler.setRunningVersion(true);
        JMeterContextService.getContext().setCurrentSampler(sampler);
        ConnectionReuseLimiter limiter = new ConnectionReuseLimiter();
        limiter.setRequestsPerConnection(requestsPerConnection);
        limiter.setRunningVersion(true);

        List<Boolean> flags = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            limiter.process();
            flags.add(sampler.getUseKeepAlive());
            sampler.recoverRunningVersion();
        }
        return flags;
    }

    @Test
    void closesEveryNthRequestsConnection() {
        assertThat(keepAliveFlags("3", 7)).containsExactly(true, true, false, true, true, false, true);
    }

    @Test
    void restoresKeepAliveAfterTheClosingRequest() {
        assertThat(keepAliveFlags("1", 3)).containsExactly(false, false, false);
    }

    @Test
    void neverRenewsWithZero() {
        assertThat(keepAliveFlags("0", 5)).containsOnly(true);
    }

    @Test
    void refusesANonNumber() {
        assertThatThrownBy(() -> keepAliveFlags("often", 1)).hasMessageContaining("often");
    }
}
