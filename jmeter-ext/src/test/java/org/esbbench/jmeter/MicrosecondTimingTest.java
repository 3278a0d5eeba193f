package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MicrosecondTimingTest {

    /** Generous upper slack for a sleep on a busy 2-core machine; the lower bound is exact (sleep never returns early). */
    private static final long SLACK_MICROS = 200_000;

    @BeforeAll
    static void jmeterProperties() {
        JMeterProperties.load();
    }

    @AfterEach
    void clearVariables() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
    }

    /** One sample as JMeterThread brackets it, with a sleep as the sample, on the calling thread. */
    private static long timedSleep(MicrosecondTiming timing, long sleepMillis) throws InterruptedException {
        timing.sampleStarting(null);
        Thread.sleep(sleepMillis);
        timing.sampleEnded(null);
        return Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE));
    }

    @Test
    void putsTheSampleMicrosecondsIntoTheThreadsVariable() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();

        long first = timedSleep(timing, 30);
        long second = timedSleep(timing, 5);

        assertThat(first).isBetween(30_000L, 30_000L + SLACK_MICROS);
        assertThat(second).isBetween(5_000L, 5_000L + SLACK_MICROS);
    }

    @Test
    void anEmptySampleTakesNoMoreThanAFewMicroseconds() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();

        timing.sampleStarting(null);
        timing.sampleEnded(null);

        assertThat(Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE)))
            .isBetween(0L, 10_000L);
    }

    @Test
    void oneInstanceSharedByTwoThreadsTimesEachThreadsOwnSample() throws Exception {
        MicrosecondTiming shared = new MicrosecondTiming();
        CountDownLatch longStarted = new CountDownLatch(1);
        CountDownLatch shortEnded = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            // The long sample starts first and ends last: a start time kept in a shared field would give
            // the short sample's start to the long one.
            Callable<String> longSample = () -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                shared.sampleStarting(null);
                longStarted.countDown();
                shortEnded.await(10, TimeUnit.SECONDS);
                Thread.sleep(20);
                shared.sampleEnded(null);
                return JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE);
            };
            Callable<String> shortSample = () -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                longStarted.await(10, TimeUnit.SECONDS);
                Thread.sleep(60);
                shared.sampleStarting(null);
                Thread.sleep(5);
                shared.sampleEnded(null);
                shortEnded.countDown();
                return JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE);
            };
            Future<String> longResult = threads.submit(longSample);
            Future<String> shortResult = threads.submit(shortSample);

            long longMicros = Long.parseLong(longResult.get(20, TimeUnit.SECONDS));
            long shortMicros = Long.parseLong(shortResult.get(20, TimeUnit.SECONDS));

            assertThat(longMicros).isGreaterThanOrEqualTo(60_000L + 5_000L + 20_000L);
            assertThat(shortMicros).isBetween(5_000L, 5_000L + SLACK_MICROS);
            assertThat(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE))
                .as("the test thread ran no sample").isNull();
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aCloneKeepsItsOwnStart() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming original = new MicrosecondTiming();
        MicrosecondTiming copy = (MicrosecondTiming) original.clone();

        original.sampleStarting(null);
        Thread.sleep(20);
        copy.sampleStarting(null);
        copy.sampleEnded(null);
        long copyMicros = Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE));
        original.sampleEnded(null);
        long originalMicros = Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE));

        assertThat(copyMicros).isLessThan(20_000L);
        assertThat(originalMicros).isGreaterThanOrEqualTo(20_000L);
    }
}
