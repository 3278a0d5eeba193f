package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.jmeter.samplers.SampleResult;
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
    void clearContext() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        JMeterContextService.getContext().setPreviousResult(null);
    }

    /**
     * One sample as JMeterThread runs it on the calling thread: the monitor's start, the sampler's own set-up
     * ({@code setUpMillis}), JMeter's sampleStart, the sample (a sleep), sampleEnd, the monitor's end, the
     * post-processors. Returns the result, with the thread's elapsed_us.
     */
    private static Sample sample(MicrosecondTiming timing, long setUpMillis, long sleepMillis) throws InterruptedException {
        SampleResult result = new SampleResult();
        timing.sampleStarting(null);
        Thread.sleep(setUpMillis);
        result.sampleStart();
        Thread.sleep(sleepMillis);
        result.sampleEnd();
        timing.sampleEnded(null);
        JMeterContextService.getContext().setPreviousResult(result);
        timing.process();
        String micros = JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE);
        return new Sample(result.getTime(), micros == null ? -1 : Long.parseLong(micros));
    }

    private record Sample(long elapsedMillis, long micros) {
        boolean agreesWithJMeter() {
            return Math.abs(micros / 1000.0 - elapsedMillis) <= 1.0;
        }
    }

    @Test
    void putsEachSamplesMicrosecondsIntoTheThreadsVariable() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();

        Sample first = sample(timing, 0, 30);
        Sample second = sample(timing, 0, 5);

        // a thread held up between the monitor and JMeter's start has its start taken within half a millisecond
        assertThat(first.micros()).isBetween(30_000L - 500, 30_000L + SLACK_MICROS);
        assertThat(second.micros()).isBetween(5_000L - 500, 5_000L + SLACK_MICROS);
        assertThat(first.agreesWithJMeter()).as(first.toString()).isTrue();
        assertThat(second.agreesWithJMeter()).as(second.toString()).isTrue();
    }

    @Test
    void theSamplersSetUpBeforeJMetersStartIsLeftOutAsJMeterLeavesItOut() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();

        Sample withSetUp = sample(timing, 40, 10);

        assertThat(withSetUp.micros()).as(withSetUp.toString()).isBetween(9_000L, 10_000L + SLACK_MICROS)
            .isLessThan(40_000L);
        assertThat(withSetUp.agreesWithJMeter()).as(withSetUp.toString()).isTrue();
    }

    @Test
    void aSampleTheMonitorDidNotBracketGetsNoValue() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();
        sample(timing, 0, 1);

        // A second post-processing without a bracket in between (a Transaction Controller's parent sample).
        timing.process();

        assertThat(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE)).isNull();
    }

    @Test
    void oneInstanceSharedByTwoThreadsTimesEachThreadsOwnSample() throws Exception {
        MicrosecondTiming shared = new MicrosecondTiming();
        CountDownLatch longStarted = new CountDownLatch(1);
        CountDownLatch shortEnded = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            // The long sample starts first and ends last: a bracket kept in a shared field would give the short
            // sample's start to the long one, and the long one's end would be taken for the short one's.
            Callable<Long> longSample = () -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                SampleResult result = new SampleResult();
                shared.sampleStarting(null);
                result.sampleStart();
                longStarted.countDown();
                shortEnded.await(10, TimeUnit.SECONDS);
                Thread.sleep(20);
                result.sampleEnd();
                shared.sampleEnded(null);
                JMeterContextService.getContext().setPreviousResult(result);
                shared.process();
                return Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE));
            };
            Callable<Long> shortSample = () -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                longStarted.await(10, TimeUnit.SECONDS);
                Thread.sleep(60);
                Sample sample = sample(shared, 0, 5);
                shortEnded.countDown();
                return sample.micros();
            };
            Future<Long> longResult = threads.submit(longSample);
            Future<Long> shortResult = threads.submit(shortSample);

            assertThat(longResult.get(20, TimeUnit.SECONDS)).isGreaterThanOrEqualTo(60_000L + 5_000L + 20_000L);
            assertThat(shortResult.get(20, TimeUnit.SECONDS)).isBetween(5_000L - 500, 5_000L + SLACK_MICROS);
            assertThat(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE))
                .as("the test thread ran no sample").isNull();
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aCloneKeepsItsOwnBracket() throws InterruptedException {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        MicrosecondTiming original = new MicrosecondTiming();
        MicrosecondTiming copy = (MicrosecondTiming) original.clone();

        SampleResult outer = new SampleResult();
        original.sampleStarting(null);
        outer.sampleStart();
        Thread.sleep(300);
        Sample inner = sample(copy, 0, 0);
        outer.sampleEnd();
        original.sampleEnded(null);
        JMeterContextService.getContext().setPreviousResult(outer);
        original.process();

        // the copy timed its own sample, not from the original's start 300 ms earlier
        assertThat(inner.micros()).isLessThan(300_000L);
        assertThat(Long.parseLong(JMeterContextService.getContext().getVariables().get(MicrosecondTiming.VARIABLE)))
            .isGreaterThanOrEqualTo(300_000L - 500);
    }
}
