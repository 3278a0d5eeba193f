package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.cores.OnlineCpus;
import org.esbbench.report.folder.RunLayout;

/**
 * The CPUs of one run's processes, as its {@code cpus.properties} says: every goal that starts a process asks here
 * for its command line, {@link #server} for the server under test and the broker a profile starts, {@link #harness}
 * for everything else (JMeter, engines, the echo backend, the monitor, the PerfMon agent), so that each process
 * starts inside its set. The build's own JVM was started before any of this and is the one process moved
 * ({@link #enterBuild}) onto the harness's CPUs for the run and back afterwards ({@link #release}).
 *
 * <p>With a cpuset the groups are {@code esb-bench/<run-id>/server} and {@code .../harness} under the build's own
 * cpuset; {@link #release} removes them once empty, and a later run removes the empty groups an earlier build that
 * died left behind.
 */
public final class RunCpus {
    static final String SERVER = "server";
    static final String HARNESS = "harness";
    /** The build JVM's allowed CPUs before {@link #enterBuild}, to give back with the affinity method. */
    private static volatile CpuList buildCpusBefore;
    /** The cpuset the build JVM was in before {@link #enterBuild}. */
    private static volatile Path buildCpusetBefore;

    private final CpuLayout layout;
    private final String runId;

    private RunCpus(CpuLayout layout, String runId) {
        this.layout = layout;
        this.runId = runId;
    }

    /** The run's layout; shared for a run folder written before runs recorded one. */
    public static RunCpus of(RunLayout run) throws IOException {
        return new RunCpus(CpuLayout.read(run.dir()).orElse(CpuLayout.shared(OnlineCpus.read(), true,
                "the run folder records no CPU layout")), run.runId());
    }

    public CpuLayout layout() {
        return layout;
    }

    /** The command of the server under test (or of the broker it uses), started on the server's CPUs. */
    public List<String> server(List<String> command) throws IOException {
        return place(SERVER, layout.server(), command);
    }

    /**
     * The server's command on its CPUs for {@code cores} server cores when the run varies the count (the last
     * {@code cores} of the server's CPUs; 0: the run's one set). With a cpuset the server's group takes those CPUs,
     * and a broker already in it follows; with affinity a broker keeps the CPUs it started on.
     */
    public List<String> server(int cores, List<String> command) throws IOException {
        return place(SERVER, layout.serverFor(cores), command);
    }

    /** The command of a process of the harness (load generator, backend, monitor), started on the other CPUs. */
    public List<String> harness(List<String> command) throws IOException {
        return place(HARNESS, layout.harness(), command);
    }

    private List<String> place(String role, CpuList cpus, List<String> command) throws IOException {
        return switch (layout.method()) {
            case NONE -> command;
            case AFFINITY -> CpuPlacement.withAffinity(cpus.toString(), command);
            case CPUSET, CGROUP2 -> CpuPlacement.inCpuset(group(role, cpus).resolve("cgroup.procs"), command);
        };
    }

    /** The role's cpuset group, made (with its CPUs) if missing. */
    private Path group(String role, CpuList cpus) throws IOException {
        CpuLayout.Method method = layout.method();
        Path parent = CpuPlacement.cpusetParent(method).orElseThrow(() -> new IOException(
                "the run's CPU layout needs a cgroup cpuset, and " + CpuPlacement.base(method).map(Path::toString)
                        .orElse("no " + method.id() + " hierarchy") + " cannot be written"));
        Path run = parent.resolve(runId);
        Files.createDirectories(run);
        CpuPlacement.prepare(method, parent, run);
        Path group = run.resolve(role);
        Files.createDirectories(group);
        CpuPlacement.prepare(method, run, group);
        Files.writeString(group.resolve("cpuset.cpus"), cpus.toString());
        return group;
    }

    /**
     * The CPUs this build's JVM was allowed before a run moved it onto the harness's, while it is moved: what the
     * planner of a later run in the same build (a round's next target) may use, not the harness it sits on.
     */
    static Optional<CpuList> buildCpusBeforeMove() {
        return Optional.ofNullable(buildCpusBefore);
    }

    /**
     * Moves this build's JVM (all its threads; what it starts later inherits it) onto the harness's CPUs: while a
     * scenario runs it reads JMeter's output and may analyse, and must not take the server's cores.
     */
    public void enterBuild(Consumer<String> log) throws IOException {
        if (!layout.isolated()) {
            return;
        }
        long pid = ProcessHandle.current().pid();
        if (buildCpusBefore == null) {
            buildCpusBefore = CpusAllowed.of(pid).orElse(layout.machine());
            // its own cgroup (with v2 not the base, which may hold no process once it hands the controller down)
            buildCpusetBefore = layout.method().cpuset() ? CpuPlacement.home(layout.method()).orElse(null) : null;
        }
        switch (layout.method()) {
            case CPUSET, CGROUP2 -> Files.writeString(group(HARNESS, layout.harness()).resolve("cgroup.procs"), Long.toString(pid));
            case AFFINITY -> taskset(layout.harness().toString(), pid);
            case NONE -> {
            }
        }
        log.accept("CPUs: " + layout.describe() + "; this build moved onto " + layout.harness().words());
    }

    /**
     * Gives this build's JVM its CPUs back (when it was moved) and removes the run's cpuset groups, which the stop
     * goal has emptied; a group something still runs in is named, not forced.
     */
    public void release(Consumer<String> log) {
        long pid = ProcessHandle.current().pid();
        try {
            if (buildCpusetBefore != null && layout.method().cpuset()) {
                Files.writeString(buildCpusetBefore.resolve("cgroup.procs"), Long.toString(pid));
            } else if (buildCpusBefore != null && layout.method() == CpuLayout.Method.AFFINITY) {
                taskset(buildCpusBefore.toString(), pid);
            }
        } catch (IOException e) {
            log.accept("could not give this build its CPUs back: " + e.getMessage());
        }
        buildCpusBefore = null;
        buildCpusetBefore = null;
        if (layout.method().cpuset()) {
            CpuPlacement.existingParents().forEach(parent -> {
                removeGroup(parent.resolve(runId), log);
                removeIfEmpty(parent); // the suite's folder too, unless another run still has its groups there
            });
        }
    }

    /** Removes the empty groups that builds which died left behind (a group with a process in it stays). */
    public static void sweepStale() {
        for (Path parent : CpuPlacement.existingParents()) {
            try (DirectoryStream<Path> runs = Files.newDirectoryStream(parent, Files::isDirectory)) {
                for (Path run : runs) {
                    removeGroup(run, line -> { });
                }
            } catch (IOException e) {
                // nothing to sweep
            }
        }
    }

    private static void removeIfEmpty(Path group) {
        try {
            Files.delete(group); // rmdir: refused while a child group or a process is in it
        } catch (IOException e) {
            // in use by another run: its release removes it
        }
    }

    private static void removeGroup(Path run, Consumer<String> log) {
        if (!Files.isDirectory(run)) {
            return;
        }
        List<Path> groups = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(run, Files::isDirectory)) {
            dirs.forEach(groups::add);
        } catch (IOException e) {
            return;
        }
        groups.add(run);
        for (Path g : groups) {
            try {
                Files.delete(g); // rmdir: the kernel refuses while a process is in the group
            } catch (IOException e) {
                log.accept("cpuset group " + g + " not removed: " + e.getMessage());
            }
        }
    }

    private static void taskset(String cpus, long pid) throws IOException {
        Path taskset = CpuPlacement.taskset().orElseThrow(() -> new IOException("no taskset on this machine"));
        Process p = new ProcessBuilder(taskset.toString(), "-a", "-p", "-c", cpus, Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("taskset -a -p -c " + cpus + " " + pid + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while setting this build's CPUs");
        }
    }
}
