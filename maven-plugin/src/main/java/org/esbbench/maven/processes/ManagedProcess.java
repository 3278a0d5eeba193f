package org.esbbench.maven.processes;

import java.io.IOException;
import org.esbbench.report.process.LoggedChild;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A child process the build started: its command line, its log file and how to stop it.
 * Stopping sends SIGTERM first (the backend and the reference server print their counters and shut down
 * cleanly on it) and only kills forcibly when the grace period runs out.
 */
public final class ManagedProcess {
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    /** How far the kernel's start time of a process may be from the one recorded when it was started. */
    private static final Duration SAME_START = Duration.ofSeconds(10);
    private final String name;
    private final List<String> command;
    private final Path log;
    private final ProcessHandle handle;
    private final long startedAtMs;
    /** The Process when this JVM started it (its exit code is known then), null when re-attached by pid. */
    private final Process process;
    /** What asks it to stop before the kill: TERM unless a target profile's server.stop says otherwise. */
    private final StopSignal stopSignal;
    /** The process group it leads when started in one ({@link #startInOwnGroup}), else null. */
    private final ProcessGroup group;
    /**
     * The processes this JVM started, by pid, each with the wall-clock time it recorded for it (what processes.csv
     * says): a goal that re-attaches one another goal started knows its exit code, and knows it for the same process
     * whatever the clocks did since.
     */
    private static final java.util.Map<Long, Launched> STARTED = new java.util.concurrent.ConcurrentHashMap<>();

    /** A process this JVM started and the start time it recorded. */
    private record Launched(Process process, long recordedMs) {
    }

    private ManagedProcess(String name, List<String> command, Path log, ProcessHandle handle, long startedAtMs,
                           Process process, StopSignal stopSignal, ProcessGroup group) {
        this.group = group;
        this.process = process;
        this.stopSignal = stopSignal;
        this.name = name;
        this.command = List.copyOf(command);
        this.log = log;
        this.handle = handle;
        this.startedAtMs = startedAtMs;
    }

    /** Starts {@code command} with stdout and stderr appended to {@code log}. */
    public static ManagedProcess start(String name, List<String> command, Path workDir, Path log) throws IOException {
        long startedAtMs = System.currentTimeMillis();
        Process process = launch(command, workDir, log, startedAtMs);
        return new ManagedProcess(name, command, log, process.toHandle(), startedAtMs, process,
                StopSignal.TERM, null);
    }

    /**
     * Starts {@code command} like {@link #start}, in a session and process group of its own (through
     * {@code setsid}), so that {@link #stop} reaches everything it starts, also what its death orphaned, and with
     * the stop signals the build ignores put back to their default ({@link IgnoredStopSignals}). Where there is no
     * setsid (not Linux), it is started as {@link #start} does and only its descendants are followed.
     */
    public static ManagedProcess startInOwnGroup(String name, List<String> command, Path workDir, Path log)
            throws IOException {
        java.util.Optional<Path> setsid = ProcessGroup.setsid();
        if (setsid.isEmpty()) {
            return start(name, command, workDir, log);
        }
        List<String> inSession = new java.util.ArrayList<>();
        inSession.add(setsid.get().toString());
        // A build under nohup or in a script's background would hand on INT and QUIT ignored: the profile's
        // server.stop=INT would then never reach the server's shutdown hooks.
        inSession.addAll(IgnoredStopSignals.ofThisBuild().resetPrefix());
        inSession.addAll(command);
        long startedAtMs = System.currentTimeMillis();
        Process process = launch(inSession, workDir, log, startedAtMs);
        // setsid does not fork (a child of this JVM never leads a group): the group's id is the started pid. The
        // recorded command is the profile's own; the process group column says how it was started.
        // The group compares its members' starts as the kernel reports them: with the leader's, in the same reckoning.
        return new ManagedProcess(name, command, log, process.toHandle(), startedAtMs, process, StopSignal.TERM,
                new ProcessGroup(process.pid(), kernelStartOf(process, startedAtMs)));
    }

    /** The process's start as this JVM reports a process's start (kernel ticks on the boot time it read once). */
    private static long kernelStartOf(Process process, long otherwise) {
        return process.toHandle().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(otherwise);
    }

    private static Process launch(List<String> command, Path workDir, Path log, long startedAtMs) throws IOException {
        Process process = LoggedChild.start(command, workDir, log);
        STARTED.put(process.pid(), new Launched(process, startedAtMs));
        return process;
    }

    /**
     * Whether a process recorded as started at {@code recordedMs} is the live one with that pid: exactly when this JVM
     * started it and recorded that very time ({@code launchedHereMs}), whatever the clocks did since (a CI machine's
     * wall clock stepped during a build once, and the kernel's start of every later process then looked 10 s and more
     * away from the recorded one, so live processes were taken for dead and left running); otherwise when the
     * kernel's start ({@code kernelStartMs}) is within {@link #SAME_START} of the recorded one (a process of another
     * build).
     */
    static boolean sameProcess(long recordedMs, java.util.OptionalLong launchedHereMs,
                               java.util.Optional<Long> kernelStartMs) {
        if (launchedHereMs.isPresent() && launchedHereMs.getAsLong() == recordedMs) {
            return true;
        }
        return kernelStartMs.map(s -> Math.abs(s - recordedMs) <= SAME_START.toMillis()).orElse(true);
    }

    /** The same process, stopped with {@code signal} (then killed after the grace period). */
    public ManagedProcess stoppedWith(StopSignal signal) {
        return new ManagedProcess(name, command, log, handle, startedAtMs, process, signal, group);
    }

    /** The same process, known to lead (or belong to) {@code group}: stopped with the group. */
    public ManagedProcess inGroup(java.util.Optional<ProcessGroup> group) {
        return new ManagedProcess(name, command, log, handle, startedAtMs, process, stopSignal, group.orElse(null));
    }

    /**
     * Re-attaches to a process started earlier (by this build's goals or by a build that died), if it is still
     * alive and is the same process: a pid the kernel has since given to another process started at another time,
     * so a process whose start differs from {@code startedAtMs} by more than a few seconds is left alone.
     */
    public static Optional<ManagedProcess> attach(String name, long pid, long startedAtMs, Path log, List<String> command) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(h -> sameProcess(startedAtMs, launchedHere(h),
                        h.info().startInstant().map(java.time.Instant::toEpochMilli)))
                .map(h -> new ManagedProcess(name, command, log, h, startedAtMs, startedHere(h), StopSignal.TERM, null));
    }

    /** When this JVM started {@code handle}'s process (the time it recorded), if it did and it is still that one. */
    private static java.util.OptionalLong launchedHere(ProcessHandle handle) {
        return launched(handle).map(l -> java.util.OptionalLong.of(l.recordedMs()))
                .orElse(java.util.OptionalLong.empty());
    }

    /** The Process of {@code handle} when this JVM started it (same pid, still that process), else null. */
    private static Process startedHere(ProcessHandle handle) {
        return launched(handle).map(Launched::process).orElse(null);
    }

    /** What this JVM recorded of {@code handle}'s process when it started it, if it did and it is still that one. */
    private static Optional<Launched> launched(ProcessHandle handle) {
        return Optional.ofNullable(STARTED.get(handle.pid())).filter(l -> l.process().toHandle().equals(handle));
    }

    /**
     * How a process this JVM started ended, "exit code 1" or "signal 9" (a JVM reports death by signal N as exit
     * code 128 + N); empty while it runs or when another JVM started it.
     */
    public static java.util.Optional<String> endOf(long pid) {
        Launched launched = STARTED.get(pid);
        Process p = launched == null ? null : launched.process();
        if (p == null || p.isAlive()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(describeExit(p.exitValue()));
    }

    /** "exit code N", or "signal N" for 128 + N (how a JVM reports a death by signal). */
    public static String describeExit(int code) {
        return code > 128 && code < 160 ? "signal " + (code - 128) : "exit code " + code;
    }

    public String name() { return name; }
    public long pid() { return handle.pid(); }
    public List<String> command() { return command; }
    public Path log() { return log; }
    /** When it was started (epoch ms). */
    public long startedAtMs() { return startedAtMs; }
    public boolean isAlive() { return handle.isAlive(); }
    /** The process group it was started in, when it was ({@link #startInOwnGroup}). */
    public java.util.Optional<ProcessGroup> group() { return java.util.Optional.ofNullable(group); }
    /** True while it or any member of its group runs: there is something left to stop. */
    public boolean anythingLeft() { return handle.isAlive() || (group != null && group.anyAlive()); }
    StopSignal stopSignal() { return stopSignal; }

    /** The exit code once the process has ended, or null (still running, or not started by this JVM). */
    public Integer exitCode() {
        if (process == null) {
            return null;
        }
        if (!handle.isAlive()) {
            // The kernel may report the process gone a moment before the JVM's reaper has collected its status.
            try {
                process.waitFor(1, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return process.isAlive() ? null : process.exitValue();
    }

    /**
     * Stops the process: SIGTERM, wait up to {@code grace}, then SIGKILL. Children it spawned are stopped the
     * same way first, so nothing outlives the build. With another stop signal (a target profile's server.stop,
     * e.g. QUIT for nginx) only the process itself gets it: a server that manages workers stops them itself, and
     * a worker stopped under its master would just be replaced. Descendants still there after the grace period
     * are killed with it. A process started in a group of its own ({@link #startInOwnGroup}) has its group stopped
     * after it: what is left of the group once the leader has ended, or when the grace period is over, gets TERM,
     * then KILL; a last sweep leaves no member, also when the leader had died before (its workers orphaned).
     * @return true when it (and its group) ended within the grace period (a clean stop)
     */
    public boolean stop(Duration grace) {
        Deadline deadline = Deadline.in(grace);
        boolean leaderWasAlive = handle.isAlive();
        boolean clean = stopLeader(grace);
        if (group == null) {
            return clean;
        }
        // The leader's own stop (nginx's QUIT) lets its workers finish: wait for them within what is left of the
        // grace period, then stop the rest of the group. Orphans of a leader that had died before wait for nothing.
        if (!group.awaitEmpty(leaderWasAlive && clean ? deadline.left() : Duration.ZERO)) {
            clean = false;
            group.stop();
        }
        group.kill(); // the last sweep: a member that ignored TERM, or one forked meanwhile
        return clean;
    }

    private boolean stopLeader(Duration grace) {
        // Taken now: once the process has ended, its orphans are no longer its descendants.
        List<ProcessHandle> descendants = handle.descendants().toList();
        if (stopSignal == StopSignal.TERM) {
            descendants.forEach(ProcessHandle::destroy);
        }
        if (!handle.isAlive()) {
            descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            return true;
        }
        stopSignal.send(handle);
        try {
            handle.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception timeoutOrFailure) {
            // fall through to the forcible stop
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        handle.descendants().forEach(ProcessHandle::destroyForcibly);
        handle.destroyForcibly();
        // SIGKILL is not instant: wait until the process is really gone, so its port is free when this returns.
        try {
            handle.onExit().get(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception stillThere) {
            // reported by isAlive() to whoever asks
        }
        return false;
    }

    /** The last lines of the log, to put into an error message when the process failed to come up. */
    public String logTail(int lines) {
        return LoggedChild.tail(log, lines);
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + ")";
    }
}
