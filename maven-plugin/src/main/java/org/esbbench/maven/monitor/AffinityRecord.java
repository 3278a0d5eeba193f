package org.esbbench.maven.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * launcher's JVM) as they appear: the evidence that the server and the harness kept to their own cores, which a
 * test of the run folder holds disjoint.
 */
final class AffinityRecord implements AutoCloseable {
    /** How often the descendants of the run's processes are looked for again (in ticks of the monitor). */
    private static final int DESCENDANTS_EVERY = 8;

    private final BufferedWriter out;
    private final Set<Long> seen = new HashSet<>();
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
            ProcessHandle.current().parent().ifPresent(build -> {
                try {
                    write("build", build.pid());
                } catch (IOException e) {
                    // the next tick tries again
                }
            });
            for (ProcessesFile.Entry e : running) {
                // A process is read once it has run a moment: one just started may still be the shell or taskset
                // that puts it into its set before it execs the command.
                Optional<ProcessHandle> h = ProcessHandle.of(e.pid()).filter(ProcessHandle::isAlive)
                        .filter(p -> p.info().startInstant().map(s -> s.isBefore(java.time.Instant.now().minusSeconds(1)))
                                .orElse(true));
                if (h.isEmpty()) {
                    continue;
                }
                write(e.name(), e.pid());
                if (descendants) {
                    for (ProcessHandle d : h.get().descendants().toList()) {
                        write(e.name() + "/" + d.info().command().map(c -> Path.of(c).getFileName().toString())
                                .orElse("child"), d.pid());
                    }
                }
            }
            out.flush();
        } catch (IOException | RuntimeException ex) {
            // the next tick tries again
        }
    }

    private void write(String name, long pid) throws IOException {
        if (seen.contains(pid)) {
            return;
        }
        Optional<CpuList> cpus = CpusAllowed.of(pid);
        if (cpus.isPresent()) {
            seen.add(pid);
            out.write(System.currentTimeMillis() + "," + name.replace(',', ' ') + "," + pid + "," + '"' + cpus.get() + '"' + "\n");
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
