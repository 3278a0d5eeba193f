package org.esbbench.maven.monitor.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Every thread of a process tree, as {@code /proc/PID/task/TID} folders: the root and its descendants, each thread
 * handed to a reader. A thread or a process that ends meanwhile is skipped, as the readers of a live tree must.
 */
public final class ProcTasks {
    private static final Path PROC = Path.of("/proc");

    /** Reads what it needs from one thread's folder. */
    @FunctionalInterface
    public interface Reader {
        void read(long tid, Path task) throws IOException;
    }

    private ProcTasks() {
    }

    /** Whether this machine has {@code /proc} (Linux). */
    public static boolean available() {
        return Files.isDirectory(PROC);
    }

    public static void each(ProcessHandle root, Reader reader) {
        Stream.concat(Stream.of(root), root.descendants()).forEach(p -> {
            try (Stream<Path> tasks = Files.list(PROC.resolve(Long.toString(p.pid())).resolve("task"))) {
                tasks.forEach(task -> {
                    try {
                        reader.read(Long.parseLong(task.getFileName().toString()), task);
                    } catch (IOException | RuntimeException e) {
                        // the thread ended meanwhile
                    }
                });
            } catch (IOException | RuntimeException e) {
                // the process ended meanwhile
            }
        });
    }
}
