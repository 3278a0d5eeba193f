package org.esbbench.maven.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.esbbench.maven.cores.CpusAllowed;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;

/**
 * {@code affinity.csv}: the CPUs each process of the run was allowed ({@code Cpus_allowed_list} of
 * {@code /proc/PID/status}), read once per process while it runs, and its descendants' (a server's workers, a
 * launcher's JVM) as they appear, each under the name {@code ENTRY/COMMAND}: the evidence that the server and the
 * harness kept to their own cores, which a test of the run folder holds disjoint.
 *
 * <p>A process is known by its pid and its start: pids wrap (at 32768 on many machines, within one smoke build), and
 * a process that reuses the pid of one already read is read as well.
 */
final class AffinityRecord implements AutoCloseable {
    /** How often the descendants of the run's processes are looked for again (in ticks of the monitor). */
    private static final int DESCENDANTS_EVERY = 8;
    /**
     * How long a process must have run before it is read. One just started may still be the shell or taskset that
     * puts it into its set before it execs the command, and a Java process's child is for a moment a copy of its
     * parent ({@code java}) and then the JDK's {@code jspawnhelper}, before it execs the program it becomes. Every
     * JMeter makes two such children as it loads an HTTP plan (Apache Tika, which JMeter's HTTP file arguments use,
     * looks for {@code ffmpeg} and {@code exiftool}), which end within milliseconds: read then, one was recorded as
     * {@code jmeter-RUN/jspawnhelper}. A child that lives on is read at a later look, under its own name.
     */
    static final Duration SETTLED = Duration.ofSeconds(1);

    private final BufferedWriter out;
    private final Set<ProcessHandle> seen = new HashSet<>();
    private int ticks;

    AffinityRecord(Path csv) throws IOException {
        boolean fresh = !Files.exists(csv) || Files.size(csv) == 0;
        out = Files.newBufferedWriter(csv, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(RunLayout.AFFINITY_HEADER + "\n");
            out.flush();
        }
    }

    void record(List<ProcessesFile.Entry> running) {
        boolean descendants = ticks++ % DESCENDANTS_EVERY == 0;
        try {
            // the build that started the monitor (moved onto the harness's CPUs before it did) is no entry of
            // processes.csv
            Optional<ProcessHandle> build = ProcessHandle.current().parent();
            if (build.isPresent()) {
                write("build", build.get());
            }
            for (ProcessesFile.Entry e : running) {
                Optional<ProcessHandle> h = ProcessHandle.of(e.pid()).filter(AffinityRecord::settled);
                if (h.isEmpty()) {
                    continue;
                }
                write(e.name(), h.get());
                if (descendants) {
                    for (ProcessHandle d : h.get().descendants().filter(AffinityRecord::settled).toList()) {
                        write(e.name() + "/" + d.info().command().map(c -> Path.of(c).getFileName().toString())
                                .orElse("child"), d);
                    }
                }
            }
            out.flush();
        } catch (IOException | RuntimeException ex) {
            // the next tick tries again
        }
    }

    private static boolean settled(ProcessHandle process) {
        return process.isAlive() && process.info().startInstant()
                .map(start -> start.isBefore(Instant.now().minus(SETTLED))).orElse(true);
    }

    private void write(String name, ProcessHandle process) throws IOException {
        if (seen.contains(process)) {
            return;
        }
        Optional<CpuList> cpus = CpusAllowed.of(process.pid());
        if (cpus.isPresent()) {
            seen.add(process);
            out.write(System.currentTimeMillis() + "," + name.replace(',', ' ') + "," + process.pid() + "," + '"' + cpus.get() + '"' + "\n");
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // nothing more to write
        }
    }
}
