package org.esbbench.jmeter.engine;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.esbbench.jmeter.arrivals.ArrivalsGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Times each scenario run's load from the start of its thread groups: says when they started, ends the open model's
 * arrivals when the suite's windows are over, and ends the test as soon as the open model's last reply is in.
 *
 * <p>The suite's windows are timed from the moment JMeter's engine starts the test's first thread group, which this
 * listener prints on JMeter's standard output ({@link #LOAD_LINE}; the run keeps it in {@code logs/jmeter-NAME.out}
 * and the analysis reads it). Not from the test's start: JMeter's own set-up comes before its groups. Not from the
 * first thread or the first sample: a closed-model group (Concurrency Thread Group) starts its first user part-way
 * into its ramp-up (ramp-up / 2 users: 5 s for 2 users over 20 s) and a first request that loads a script engine,
 * connects to a broker or builds a WS-Security pool can start seconds after its thread, while the group times its
 * ramp-up + hold from its own start. Timed from the group, load of warm-up + measurement + the tail reaches past the
 * measurement window's end.
 *
 * <p>JMeter's Open Model Thread Group, though, times its arrivals from the test's start. The suite gives its schedule
 * a few seconds more ({@code duration}) and this listener ends the arrivals exactly {@code esbbench.loadSeconds}
 * after the groups started. Then the pause: after the last arrival JMeter's schedule waits {@code drain} seconds (the
 * response timeout), because it interrupts whatever still runs when it ends; usually every reply is in within
 * milliseconds. This listener ends the test once no thread is active (nothing is interrupted), or at the end of the
 * drain as the schedule would.
 *
 * <p>Installed for the suite's headless runs by the plans' Microsecond Timing element as the test starts
 * ({@link #installForSuiteRun()}, before any thread group) and by {@code scripts/jmeter/run-init.groovy} (JMeter's
 * {@code jsr223.init.file}, for a plan of one's own without that element; it runs beside the engine and may be late);
 * a plan run from the GUI or by hand keeps its own schedule. It registers itself again at
 * every test start, since JMeter empties its list of registered listeners at every test.
 */
public final class LoadTimer implements TestStateListener {
    /** The load's length from the thread groups' start, seconds (warm-up + measurement + tail). */
    public static final String LOAD_SECONDS = "esbbench.loadSeconds";
    /** Printed as the first thread group starts, with its epoch ms: what the windows are timed from. */
    public static final String LOAD_LINE = "esb-bench: load started at";
    /** Printed when the arrivals were ended. */
    public static final String ARRIVALS_LINE = "esb-bench: open model arrivals ended";
    /** Printed when the test was ended with every reply in. */
    public static final String ENDED_LINE = "esb-bench: every reply of the open model was in";
    static final long POLL_MILLIS = 20;
    /** The watching thread's name. */
    static final String WATCHER_NAME = "esb-bench-load-timer";
    private static final Logger LOG = LoggerFactory.getLogger(LoadTimer.class);
    private static final LoadTimer INSTANCE = new LoadTimer();

    private volatile Thread watcher;

    private LoadTimer() {
    }

    /** The start of the test this listener times (0: none yet): it starts once per test, however it is reached. */
    private final AtomicLong timedTest = new AtomicLong();

    /**
     * Registers the listener for the next test, and times the current one when it has already started: JMeter runs
     * its init scripts after it has started a headless test, on another thread, usually before the engine calls its
     * listeners but not always (seen once in 66 scenario runs). The engine sets the test's start before it copies
     * its list of registered listeners, so one of the two ways always reaches the test.
     */
    public static synchronized void install() {
        StandardJMeterEngine.register(INSTANCE);
        if (JMeterContextService.getTestStartTime() > 0) {
            INSTANCE.start();
        }
    }

    /**
     * {@link #install()} in one of the suite's headless scenario runs (its command line sets {@value #LOAD_SECONDS});
     * nothing in the GUI, a plan run by hand or a remote engine. Called by a plan's element from the engine's thread as
     * the test starts, before any thread group: the timer is then never late, and the init script's install finds
     * the test timed already.
     */
    public static void installForSuiteRun() {
        if (JMeterUtils.getProperty(LOAD_SECONDS) != null) {
            install();
        }
    }

    /** The one instance JMeter's engine calls. */
    static LoadTimer instance() {
        return INSTANCE;
    }

    @Override
    public void testStarted() {
        StandardJMeterEngine.register(this);
        start();
    }

    @Override
    public void testStarted(String host) {
        StandardJMeterEngine.register(this);
        start();
    }

    @Override
    public void testEnded() {
        stop();
    }

    @Override
    public void testEnded(String host) {
        stop();
    }

    private void start() {
        long test = JMeterContextService.getTestStartTime();
        if (test == 0 || timedTest.getAndSet(test) == test) {
            return;
        }
        long loadSeconds = number(LOAD_SECONDS);
        long drainSeconds = number("drain");
        boolean open = "open".equals(JMeterUtils.getPropDefault("model", "").toLowerCase(Locale.ROOT)) && loadSeconds > 0;
        // Groups already running: this hook came late (see install()); their start is then when it noticed them.
        boolean late = loadStarted();
        Watch watch = new Watch(loadSeconds * 1000, drainSeconds * 1000, System::currentTimeMillis,
                LoadTimer::loadStarted, JMeterContextService::getNumberOfThreads);
        Thread t = new Thread(() -> {
            try {
                watch.run(started -> loadStarted(started, late), open, LoadTimer::endArrivals, (afterMillis, drained) -> {
                    // Said before the groups end: once they have, the engine ends the test and JMeter may exit
                    // before this thread gets to say anything.
                    List<ArrivalsGroup> groups = openModelGroups();
                    if (!groups.isEmpty() && drained) {
                        say(ENDED_LINE + " " + afterMillis + " ms after the last arrival: test ended without waiting out"
                                + " the rest of its " + drainSeconds + " s drain");
                    }
                    endOpenModelGroups(groups);
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, WATCHER_NAME);
        t.setDaemon(true);
        watcher = t;
        t.start();
    }

    private void stop() {
        Thread t = watcher;
        watcher = null;
        if (t != null) {
            t.interrupt();
            // It ends at once (each of its waits is a sleep); waiting for it means the next test of this JVM (the GUI
            // runs many) starts without the last one's watcher still alive.
            try {
                if (t != Thread.currentThread()) {
                    t.join(1_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void loadStarted(long millis, boolean late) {
        say(LOAD_LINE + " " + millis + " (the first thread group's start, " + (millis - JMeterContextService.getTestStartTime())
                + " ms after the test's start" + (late ? "; noticed late: the groups ran when this hook was installed" : "")
                + ")");
    }

    /** Whether the engine has started a thread group (or, where its groups cannot be seen, a thread). */
    private static boolean loadStarted() {
        return !threadGroups().isEmpty() || JMeterContextService.getThreadCounts().startedThreads > 0;
    }

    private static void endArrivals(long loadStartMillis) {
        // no further arrival; the threads in flight finish their request, then end.
        for (ArrivalsGroup group : openModelGroups()) {
            group.endArrivals();
        }
        say(ARRIVALS_LINE + " " + (System.currentTimeMillis() - loadStartMillis) + " ms after the load started");
    }

    /**
     * Ends the open-model thread groups as their own schedule's end does: their thread pool is shut down, so the
     * engine's wait for them returns and the test ends normally (listeners told, exit 0).
     *
     * <p>Not {@link StandardJMeterEngine#stopEngineNow()}: its check that every thread has stopped runs right after
     * the pool's shutdown, before the pool's idle worker threads have exited, and in non-GUI mode a failed check ends
     * JMeter with exit code 1 ("could not stop test").
     *
     * @param groups the test's open-model groups ({@link #openModelGroups()})
     */
    static void endOpenModelGroups(List<ArrivalsGroup> groups) {
        groups.forEach(ArrivalsGroup::endNow);
    }

    /** The running test's open-model thread groups: the suite's Scheduled Arrivals and JMeter's Open Model ones. */
    static List<ArrivalsGroup> openModelGroups() {
        List<ArrivalsGroup> open = new ArrayList<>();
        for (Object group : threadGroups()) {
            if (group instanceof ArrivalsGroup g) {
                open.add(g);
            } else if (group instanceof OpenModelThreadGroup g) {
                // stop(): no further arrival, the threads in flight finish; tellThreadsToStop(): as its schedule's end
                open.add(new ArrivalsGroup() {
                    @Override
                    public void endArrivals() {
                        g.stop();
                    }

                    @Override
                    public void endNow() {
                        g.tellThreadsToStop();
                    }
                });
            }
        }
        return open;
    }

    /**
     * The thread groups the engine has started in the running test (it adds each just before starting it). JMeter
     * 5.6.3 keeps the engine and its groups private, hence the reflection; when it fails, nothing is ended early,
     * JMeter's own schedule ends the test, and the load is timed from its first thread.
     */
    static List<Object> threadGroups() {
        List<Object> groups = new ArrayList<>();
        try {
            Field engineField = StandardJMeterEngine.class.getDeclaredField("engine");
            engineField.setAccessible(true);
            Object engine = engineField.get(null);
            if (engine != null) {
                Field groupsField = StandardJMeterEngine.class.getDeclaredField("groups");
                groupsField.setAccessible(true);
                groups.addAll((List<?>) groupsField.get(engine));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (!reflectionWarned) {
                reflectionWarned = true;
                LOG.warn("esb-bench: cannot reach JMeter's thread groups ({}); the schedule ends the test", e.toString());
            }
        }
        return groups;
    }

    private static volatile boolean reflectionWarned;

    private static long number(String name) {
        try {
            return Long.parseLong(JMeterUtils.getPropDefault(name, "0").trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** To JMeter's standard output (the run keeps it) and its log. */
    private static void say(String line) {
        System.out.println(line);
        LOG.info(line);
    }

    /** What happens when the load starts, and when the arrivals are to end. */
    interface At {
        void at(long firstThreadMillis);
    }

    /** What happens when the test is to end. */
    interface TestEnd {
        /**
         * @param afterMillis milliseconds since the arrivals ended
         * @param drained     whether every reply was in (false: the drain ran out)
         */
        void at(long afterMillis, boolean drained);
    }

    /**
     * The timing itself: wait for the load to start; for the open model, end the arrivals {@code loadMillis} later,
     * then end the test once no thread is active twice in a row (a thread that has just been handed its arrival may
     * not have counted itself yet), or when the drain is over.
     */
    record Watch(long loadMillis, long drainMillis, LongSupplier clock, BooleanSupplier loadStarted,
                 IntSupplier activeThreads) {
        void run(At started, boolean open, At arrivalsEnd, TestEnd testEnd) throws InterruptedException {
            while (!loadStarted.getAsBoolean()) {
                Thread.sleep(1);
            }
            long first = clock.getAsLong();
            started.at(first);
            if (!open) {
                return;
            }
            sleepUntil(first + loadMillis);
            arrivalsEnd.at(first);
            long arrivalsEndedAt = clock.getAsLong();
            int idlePolls = 0;
            while (clock.getAsLong() < arrivalsEndedAt + drainMillis) {
                idlePolls = activeThreads.getAsInt() == 0 ? idlePolls + 1 : 0;
                if (idlePolls >= 2) {
                    testEnd.at(clock.getAsLong() - arrivalsEndedAt, true);
                    return;
                }
                Thread.sleep(POLL_MILLIS);
            }
            testEnd.at(clock.getAsLong() - arrivalsEndedAt, false);
        }

        private void sleepUntil(long millis) throws InterruptedException {
            for (long left = millis - clock.getAsLong(); left > 0; left = millis - clock.getAsLong()) {
                Thread.sleep(left);
            }
        }
    }
}
