package org.esbbench.jmeter.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoadTimerTest {

    @Test
    void endsTheArrivalsTheLoadsLengthAfterItsStartAndTheTestOnceIdleTwice() throws InterruptedException {
        long begin = System.currentTimeMillis();
        // The load starts 150 ms in (the test's set-up before it); three replies are out at the last arrival.
        AtomicInteger active = new AtomicInteger(3);
        AtomicLong arrivalsEndedAt = new AtomicLong();
        List<String> ends = new ArrayList<>();
        LoadTimer.Watch watch = new LoadTimer.Watch(300, 10_000, System::currentTimeMillis,
                () -> System.currentTimeMillis() - begin >= 150, () -> Math.max(0, active.getAndDecrement()));

        List<Long> firsts = new ArrayList<>();
        watch.run(firsts::add, true, first -> {
            arrivalsEndedAt.set(System.currentTimeMillis());
            assertThat(first - begin).isBetween(150L, 250L);
            assertThat(arrivalsEndedAt.get() - first).as("the load's length from its start").isBetween(300L, 400L);
        }, (after, drained) -> ends.add(after + "," + drained));

        assertThat(firsts).singleElement().satisfies(f -> assertThat(f - begin).isBetween(150L, 250L));
        assertThat(arrivalsEndedAt.get() - begin).isGreaterThanOrEqualTo(450);
        assertThat(ends).singleElement().satisfies(e -> {
            assertThat(e).endsWith(",true");
            assertThat(Long.parseLong(e.split(",")[0])).as("long before the 10 s drain").isLessThan(2_000);
        });
        assertThat(active.get()).as("polled until idle twice").isLessThanOrEqualTo(-1);
    }

    @Test
    void endsTheTestAtTheEndOfTheDrainWhenARequestOutlivesIt() throws InterruptedException {
        List<String> ends = new ArrayList<>();
        LoadTimer.Watch watch = new LoadTimer.Watch(50, 300, System::currentTimeMillis, () -> true, () -> 1);
        long begin = System.currentTimeMillis();

        watch.run(first -> { }, true, first -> { }, (after, drained) -> ends.add(after + "," + drained));

        assertThat(ends).singleElement().satisfies(e -> assertThat(e).endsWith(",false"));
        assertThat(System.currentTimeMillis() - begin).isGreaterThanOrEqualTo(350);
    }

    @Test
    void theClosedModelOnlyGetsItsLoadStart() throws InterruptedException {
        List<Long> firsts = new ArrayList<>();
        List<String> other = new ArrayList<>();
        LoadTimer.Watch watch = new LoadTimer.Watch(10_000, 10_000, System::currentTimeMillis, () -> true, () -> 5);
        long begin = System.currentTimeMillis();

        watch.run(firsts::add, false, first -> other.add("arrivals"), (after, drained) -> other.add("end"));

        assertThat(firsts).singleElement().satisfies(f -> assertThat(f).isBetween(begin, begin + 100));
        assertThat(other).as("nothing ended: the closed model's group ends by itself").isEmpty();
        assertThat(System.currentTimeMillis() - begin).as("no waiting").isLessThan(1_000);
    }

    @Test
    void timesATestThatStartedBeforeItWasInstalledOnceOnly() throws Exception {
        closedModelProperties();
        try {
            // JMeter ran the init script after its engine had started the test (its init scripts run on another
            // thread); then the engine calls its listeners too: one watcher for the test, not two, and none before.
            assertThat(watchers()).isZero();
            org.apache.jmeter.threads.JMeterContextService.startTest();
            LoadTimer.install();
            assertThat(watchers()).as("the running test timed at install").isEqualTo(1);
            LoadTimer.install();
            LoadTimer.instance().testStarted();
            assertThat(watchers()).as("and only once").isEqualTo(1);
        } finally {
            LoadTimer.instance().testEnded();
            org.apache.jmeter.threads.JMeterContextService.endTest();
        }
    }

    @Test
    void thePlansMicrosecondTimingInstallsTheTimerAsTheTestStartsOnlyInTheSuitesRuns() throws Exception {
        closedModelProperties();
        org.esbbench.jmeter.MicrosecondTiming timing = new org.esbbench.jmeter.MicrosecondTiming();
        try {
            org.apache.jmeter.threads.JMeterContextService.startTest();
            org.apache.jmeter.util.JMeterUtils.getJMeterProperties().remove(LoadTimer.LOAD_SECONDS);
            timing.testStarted();
            assertThat(watchers()).as("the GUI, a plan run by hand: no timer").isZero();
            // the suite's command line sets esbbench.loadSeconds: the engine's call, before the groups, times the test
            org.apache.jmeter.util.JMeterUtils.setProperty(LoadTimer.LOAD_SECONDS, "9");
            timing.testStarted();
            assertThat(watchers()).as("timed as the test starts").isEqualTo(1);
            LoadTimer.install();
            assertThat(watchers()).as("the init script's later install: the same test, not timed twice").isEqualTo(1);
        } finally {
            LoadTimer.instance().testEnded();
            org.apache.jmeter.threads.JMeterContextService.endTest();
            org.apache.jmeter.util.JMeterUtils.getJMeterProperties().remove(LoadTimer.LOAD_SECONDS);
        }
    }

    /** JMeter's properties, loaded once (empty) for the tests of this JVM, with the closed model. */
    private static void closedModelProperties() throws java.io.IOException {
        if (org.apache.jmeter.util.JMeterUtils.getJMeterProperties() == null) {
            java.nio.file.Path file = java.nio.file.Files.createTempFile("jmeter", ".properties");
            file.toFile().deleteOnExit();
            org.apache.jmeter.util.JMeterUtils.loadJMeterProperties(file.toString());
        }
        org.apache.jmeter.util.JMeterUtils.setProperty("model", "closed");
    }

    private static long watchers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals(LoadTimer.WATCHER_NAME)).count();
    }
}
