package org.esbbench.maven.profiles;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileRecord;
import org.esbbench.report.run.LoadStart;
import org.esbbench.report.samples.Window;

/**
 * The profile of one scenario run: beside its JMeter, a thread waits for the load's start (the line JMeter's hook
 * prints, which the analysis anchors the windows on), starts the profiler {@value #LEAD_MS} ms before the measurement
 * window, stops it {@value #TRAIL_MS} ms after its end (or when the scenario run ends first; with remote engines, as
 * it ends), and records how
 * ({@code profiles/NAME.properties}). The warm-up is not profiled; the analysis cuts the recording to the window to
 * the millisecond. The profiler is always stopped when the scenario run ends, also when it failed or was stopped.
 */
public final class ProfileWindow implements AutoCloseable {
    /** How long before the window the profiler starts: an attach takes tens of milliseconds. */
    static final long LEAD_MS = 1500;
    /** How long after the window it stops: the load goes on two seconds past it. */
    static final long TRAIL_MS = 500;
    /** How long the load's start may take to be printed before the window is timed from JMeter's own start. */
    private static final long LOAD_START_WAIT_MS = 30_000;
    private static final long JOIN_MS = 120_000;

    /** The reasons for no profile said so far, per run. */
    private static final java.util.Set<String> SAID = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final RunLayout layout;
    private final String name;
    private final ProfilerPlan plan;
    private final ProcessRegistry registry;
    private final long warmupSeconds;
    private final long measurementSeconds;
    private final boolean remoteEngines;
    private final BuildLog log;
    private final long openedAt = System.currentTimeMillis();
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Thread thread;

    private ProfileWindow(RunLayout layout, String name, ProfilerPlan plan, ProcessRegistry registry, long warmupSeconds,
                          long measurementSeconds, boolean remoteEngines, BuildLog log) {
        this.remoteEngines = remoteEngines;
        this.layout = layout;
        this.name = name;
        this.plan = plan;
        this.registry = registry;
        this.warmupSeconds = warmupSeconds;
        this.measurementSeconds = measurementSeconds;
        this.log = log;
        this.thread = new Thread(this::profile, "esb-bench-profile-" + name);
        this.thread.setDaemon(true);
    }

    /**
     * Begins the profile of scenario run {@code name}, whose JMeter has just started; empty when the run does not
     * profile.
     */
    public static Optional<ProfileWindow> open(RunLayout layout, String name, ProcessRegistry registry,
                                               long warmupSeconds, long measurementSeconds, boolean remoteEngines,
                                               BuildLog log) throws IOException {
        Optional<ProfilerPlan> plan = ProfilerPlan.read(layout);
        if (plan.isEmpty()) {
            return Optional.empty();
        }
        ProfileWindow window = new ProfileWindow(layout, name, plan.get(), registry, warmupSeconds, measurementSeconds,
                remoteEngines, log);
        window.thread.start();
        return Optional.of(window);
    }

    /** The scenario run ended: a profiler still running is stopped now, and its record written. */
    @Override
    public void close() {
        ended.countDown();
        try {
            thread.join(JOIN_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn(name + ": its profiler did not stop within " + JOIN_MS / 1000 + " s of the scenario run's end");
        }
    }

    private void profile() {
        ProfileRecord record;
        try {
            record = take();
        } catch (IOException | RuntimeException e) {
            record = plan.noProfile(e.getMessage());
        }
        if (!record.taken() && SAID.add(layout.runId() + "\n" + record.note())) {
            // Once per run and reason: a server that is no JVM would say it for every scenario run.
            log.warn(name + ": no profile: " + record.note());
        }
        try {
            record.write(layout.profileRecord(name));
        } catch (IOException e) {
            log.warn(name + ": could not write " + layout.relative(layout.profileRecord(name)) + ": " + e.getMessage());
        }
    }

    private ProfileRecord take() throws IOException {
        if (plan.reach() == ProfilerPlan.Reach.NONE) {
            return plan.noProfile(plan.note());
        }
        OptionalLong loadStart = remoteEngines ? OptionalLong.empty() : loadStart();
        long startAt;
        long stopAt;
        if (loadStart.isPresent()) {
            Window window = Window.ofSeconds(loadStart.getAsLong(), warmupSeconds, measurementSeconds);
            startAt = window.measurementStartMillis() - LEAD_MS;
            stopAt = window.measurementEndMillis() + TRAIL_MS;
        } else {
            // Remote engines print the load's start on their own output, and the analysis times the window from the
            // earliest sample: the profiler then starts as the window would from JMeter's start (a little early) and
            // stops as the scenario run ends; the analysis cuts the recording to the window it finds.
            startAt = openedAt + warmupSeconds * 1000 - LEAD_MS;
            stopAt = Long.MAX_VALUE;
        }
        if (!sleepUntil(startAt)) {
            return plan.noProfile("the scenario run ended before its measurement window");
        }
        ServerJvm.Found jvm = ServerJvm.of(plan, registry);
        if (!jvm.found()) {
            return plan.noProfile(jvm.problem());
        }
        ProfilerControl control = ProfilerControl.of(plan, layout);
        control.start(jvm.pid(), layout.profileRecording(name));
        long started = System.currentTimeMillis();
        ProfileRecord record = new ProfileRecord(plan.profiler(), plan.event(), plan.interval(), jvm.pid(), started, 0,
                plan.note());
        sleepUntil(stopAt);
        try {
            control.stop(jvm.pid(), layout.profileRecording(name));
        } catch (IOException e) {
            return record.noting("could not stop the profiler: " + e.getMessage());
        }
        return record.stoppedAt(System.currentTimeMillis());
    }

    /** The load's start as JMeter's hook prints it; empty when it is not printed in time. */
    private OptionalLong loadStart() throws IOException {
        long deadline = openedAt + LOAD_START_WAIT_MS;
        while (System.currentTimeMillis() < deadline) {
            OptionalLong start = LoadStart.of(layout, name);
            if (start.isPresent()) {
                return start;
            }
            if (!sleepFor(100)) {
                break;
            }
        }
        return OptionalLong.empty();
    }

    /** Waits until {@code epochMs}; false when the scenario run ended first. */
    private boolean sleepUntil(long epochMs) {
        long wait = epochMs - System.currentTimeMillis();
        return wait <= 0 ? ended.getCount() > 0 : sleepFor(wait);
    }

    /** Waits {@code ms}; false when the scenario run ended first. */
    private boolean sleepFor(long ms) {
        try {
            return !ended.await(ms, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
