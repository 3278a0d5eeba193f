package org.esbbench.maven.profiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.processes.ProcessRegistry;

/**
 * The JVM to profile at a window: the process of a server started by hand (its profile's pid), or the run's server
 * process, or the first JVM among the processes it started (a start script that does not exec its java). Only a
 * process known to be a JVM is ever attached to: attaching sends the process SIGQUIT, which a JVM answers by opening
 * its attach socket and which ends nginx's master gracefully.
 */
final class ServerJvm {
    private ServerJvm() {
    }

    /** A JVM's process id, or why there is none to profile. */
    record Found(long pid, String problem) {
        boolean found() {
            return pid > 0;
        }
    }

    static Found of(ProfilerPlan plan, ProcessRegistry registry) throws IOException {
        if (plan.externalPid() > 0) {
            long pid = plan.externalPid();
            if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
                return new Found(0, "the server's process " + pid + " (its profile's pid) is no longer running");
            }
            return isJvm(pid) ? new Found(pid, "") : new Found(0, "process " + pid + " (its profile's pid) is not a JVM");
        }
        Optional<ManagedProcess> server = registry.running("server");
        if (server.isEmpty()) {
            return new Found(0, "the server is not running");
        }
        List<ProcessHandle> tree = new ArrayList<>();
        ProcessHandle.of(server.get().pid()).ifPresent(tree::add);
        ProcessHandle.of(server.get().pid()).ifPresent(h -> h.descendants().forEach(tree::add));
        for (ProcessHandle h : tree) {
            if (h.isAlive() && isJvm(h.pid())) {
                return new Found(h.pid(), "");
            }
        }
        String command = ProcessHandle.of(server.get().pid()).flatMap(h -> h.info().command()).orElse("?");
        return new Found(0, "the server (pid " + server.get().pid() + ", " + Path.of(command).getFileName()
                + ") is not a JVM, nor is any process it started: only a Java server is profiled");
    }

    /**
     * Whether {@code pid} is a HotSpot-style JVM: on Linux, it has {@code libjvm.so} mapped; elsewhere, its program is
     * named java.
     */
    static boolean isJvm(long pid) {
        Path maps = Path.of("/proc", Long.toString(pid), "maps");
        if (Files.isReadable(maps)) {
            try (Stream<String> lines = Files.lines(maps)) {
                return lines.anyMatch(l -> l.endsWith("/libjvm.so"));
            } catch (IOException | UncheckedIOException e) {
                return false;
            }
        }
        return ProcessHandle.of(pid).flatMap(h -> h.info().command())
                .map(c -> Path.of(c).getFileName().toString().equals("java")).orElse(false);
    }
}
