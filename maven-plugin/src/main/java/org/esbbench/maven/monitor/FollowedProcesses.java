package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.esbbench.report.folder.ProcessesFile;

/**
 * The run's processes as the goals register them in {@code processes.csv}, read again at every tick: that is how
 * the monitor, a process of its own, follows the backend the run goal restarts between delays and the JMeter of
 * the scenario run going on. The file is replaced atomically on each change, so a read never sees half of it; a
 * read that fails keeps the last good view.
 */
final class FollowedProcesses {
    private final Path file;
    private List<ProcessesFile.Entry> entries = List.of();

    FollowedProcesses(Path file) {
        this.file = file;
    }

    void refresh() {
        try {
            entries = ProcessesFile.read(file);
        } catch (IOException | RuntimeException e) {
            // keep the last view: the next tick reads again
        }
    }

    /** Every process the registry says is running, by name and pid (still alive or not). */
    List<ProcessesFile.Entry> running() {
        return entries.stream().filter(ProcessesFile.Entry::running).toList();
    }

    /**
     * The newest running process of a role: named {@code role} or {@code role-...} (JMeter's entries carry their
     * scenario run's name), still alive.
     */
    Optional<ProcessHandle> current(String role) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            ProcessesFile.Entry e = entries.get(i);
            if (e.running() && (e.name().equals(role) || e.name().startsWith(role + "-"))) {
                return ProcessHandle.of(e.pid()).filter(ProcessHandle::isAlive);
            }
        }
        return Optional.empty();
    }
}
