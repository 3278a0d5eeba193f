package org.esbbench.maven.processes;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.esbbench.report.folder.ProcessesFile;

/**
 * The one record of the processes a run started: the run's {@code processes.csv} ({@link ProcessesFile}), and
 * nothing in memory. Each goal that starts a process registers it here; the monitor follows the pids in it; the
 * stop goal (also a later {@code mvn esb-bench:stop} after a build was killed) stops what is still running in it;
 * the analysis lists the servers' command lines from it. Entries are marked stopped, never removed.
 */
public final class ProcessRegistry {
    /**
     * The file is read, changed and replaced whole: the goals' registries and their shutdown hooks, which may run
     * at the same time when the build ends, take turns on this lock (it guards the file, it holds no state).
     */
    private static final Object FILE_LOCK = new Object();

    private final Path file;

    public ProcessRegistry(Path processesCsv) {
        this.file = processesCsv;
    }

    public Path file() {
        return file;
    }

    /** Adds a process that was just started, as running. */
    public void register(ManagedProcess process) throws IOException {
        synchronized (FILE_LOCK) {
            List<ProcessesFile.Entry> entries = ProcessesFile.read(file);
            entries.add(new ProcessesFile.Entry(process.name(), process.pid(), process.startedAtMs(), OptionalLong.empty(),
                    process.log().toAbsolutePath().toString(), String.join(" ", process.command()),
                    process.stopSignal().name(),
                    process.group().map(g -> OptionalLong.of(g.id())).orElse(OptionalLong.empty())));
            ProcessesFile.write(file, entries);
        }
    }

    /** Marks a process stopped (by the goal that stopped it, or because it ended by itself). */
    public void markStopped(ManagedProcess process) throws IOException {
        synchronized (FILE_LOCK) {
            List<ProcessesFile.Entry> entries = ProcessesFile.read(file);
            long now = System.currentTimeMillis();
            boolean changed = false;
            for (int i = 0; i < entries.size(); i++) {
                ProcessesFile.Entry e = entries.get(i);
                if (e.running() && e.pid() == process.pid() && e.name().equals(process.name())) {
                    entries.set(i, e.stoppedAt(now));
                    changed = true;
                }
            }
            if (changed) {
                ProcessesFile.write(file, entries);
            }
        }
    }

    /** The processes the file says are running and that are still alive (the same processes, not reused pids). */
    public List<ManagedProcess> running() throws IOException {
        List<ManagedProcess> alive = new ArrayList<>();
        for (ProcessesFile.Entry e : ProcessesFile.read(file)) {
            if (e.running()) {
                ManagedProcess.attach(e.name(), e.pid(), e.startedAtMs(), Paths.get(e.log()),
                        e.command().isEmpty() ? List.of() : List.of(e.command().split(" ")))
                        .map(p -> p.stoppedWith(StopSignal.recorded(e.stopSignal())).inGroup(group(e)))
                        .ifPresent(alive::add);
            }
        }
        return alive;
    }

    /**
     * The entries said to run whose process has ended but whose process group still has members (the workers a
     * server's death orphaned): a resumed build must not start while they hold the server's port.
     */
    public List<ProcessesFile.Entry> orphanedGroups() throws IOException {
        return orphanedGroups(running());
    }

    private List<ProcessesFile.Entry> orphanedGroups(List<ManagedProcess> alive) throws IOException {
        List<ProcessesFile.Entry> orphaned = new ArrayList<>();
        for (ProcessesFile.Entry e : ProcessesFile.read(file)) {
            Optional<ProcessGroup> group = e.running() ? group(e) : Optional.empty();
            if (group.isPresent() && alive.stream().noneMatch(p -> p.pid() == e.pid()) && group.get().anyAlive()) {
                orphaned.add(e);
            }
        }
        return orphaned;
    }

    /** The group an entry's process was started in, if the file records one. */
    private static Optional<ProcessGroup> group(ProcessesFile.Entry e) {
        return e.processGroup().isPresent() && e.processGroup().getAsLong() > 1
                ? Optional.of(new ProcessGroup(e.processGroup().getAsLong(), e.startedAtMs())) : Optional.empty();
    }

    /** The newest running process named {@code name}, if alive. */
    public Optional<ManagedProcess> running(String name) throws IOException {
        List<ManagedProcess> alive = running();
        for (int i = alive.size() - 1; i >= 0; i--) {
            if (alive.get(i).name().equals(name)) {
                return Optional.of(alive.get(i));
            }
        }
        return Optional.empty();
    }

    /**
     * Stops every process still running, in the reverse order of their start (the monitor before the server,
     * the server before the backend it calls), and marks every entry stopped, also those that had already ended.
     * The process group of an entry whose process has died meanwhile is stopped too: the workers its death orphaned.
     *
     * @return one line per process stopped, for the build's log
     */
    public List<String> stopAll(Duration grace) throws IOException {
        List<ManagedProcess> alive = running();
        List<String> report = new ArrayList<>();
        for (int i = alive.size() - 1; i >= 0; i--) {
            ManagedProcess p = alive.get(i);
            boolean clean = p.stop(grace);
            report.add(p + (clean ? " stopped" : " did not stop within " + grace.toSeconds() + " s and was killed"));
        }
        for (ProcessesFile.Entry e : orphanedGroups(alive)) {
            ProcessGroup group = group(e).orElseThrow();
            int left = group.stop();
            if (left > 0) {
                report.add(group + " of " + e.name() + " (pid " + e.pid() + ", ended before): " + left
                        + " process(es) left in it, stopped");
            }
        }
        markAllStopped();
        return report;
    }

    /**
     * Marks every entry still said to run stopped: the caller knows none runs any more (they were stopped, or they
     * ended with an earlier build, e.g. the backend that Ctrl-C reached with the build in its process group).
     */
    public void markAllStopped() throws IOException {
        synchronized (FILE_LOCK) {
            List<ProcessesFile.Entry> entries = ProcessesFile.read(file);
            long now = System.currentTimeMillis();
            entries.replaceAll(e -> e.running() ? e.stoppedAt(now) : e);
            if (!entries.isEmpty()) {
                ProcessesFile.write(file, entries);
            }
        }
    }
}
