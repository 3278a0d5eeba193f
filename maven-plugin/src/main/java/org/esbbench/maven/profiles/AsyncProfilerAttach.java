package org.esbbench.maven.profiles;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileEvent;

/**
 * async-profiler's commands given to a running JVM through the JDK's attach mechanism (as its {@code asprof} does):
 * each command loads the library (once; a JVM that had it as an agent from its start already has it) and runs
 * {@code start} or {@code stop}. The recording is JFR, written as it goes and complete at the stop; the profiler's
 * messages go to a log beside it, not to the server's output. The profiler opens no port: the attach socket is the
 * JVM's own, in the temporary folder, gone when the JVM exits.
 */
final class AsyncProfilerAttach implements ProfilerControl {
    private final ProfilerPlan plan;
    private final Path library;
    private final Path log;

    AsyncProfilerAttach(ProfilerPlan plan, RunLayout layout) {
        this.plan = plan;
        this.library = plan.library().orElseThrow(() -> new IllegalArgumentException("no async-profiler library"));
        this.log = layout.profilerAgent().resolve("async-profiler.log");
    }

    /** The start command: the event, its interval, JFR into {@code recording}, messages to the log. */
    static String startCommand(ProfileEvent event, String interval, Path recording, Path log) {
        String every = switch (event) {
            case ALLOC -> "alloc=" + interval;
            case LOCK -> "lock=" + interval;
            default -> "interval=" + interval;
        };
        return "start,event=" + event.id() + "," + every + ",jfr,file=" + option(recording) + ",log=" + option(log)
                + ",quiet";
    }

    static String stopCommand(Path log) {
        return "stop,log=" + option(log) + ",quiet";
    }

    /** A path inside the options, whose separator is the comma: a path with one cannot be given. */
    private static String option(Path path) {
        String p = path.toAbsolutePath().toString();
        if (p.indexOf(',') >= 0) {
            throw new IllegalArgumentException("async-profiler cannot be given a path with a comma: " + p);
        }
        return p;
    }

    @Override
    public void start(long pid, Path recording) throws IOException {
        Files.createDirectories(recording.toAbsolutePath().getParent());
        Files.createDirectories(log.getParent());
        Files.deleteIfExists(recording);
        command(pid, startCommand(plan.event(), plan.interval(), recording, log));
    }

    @Override
    public void stop(long pid, Path recording) throws IOException {
        command(pid, stopCommand(log));
    }

    private void command(long pid, String options) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new IOException("cannot attach to JVM " + pid + ": " + e.getMessage(), e);
        }
        try {
            vm.loadAgentPath(library.toString(), options);
        } catch (AgentLoadException | AgentInitializationException e) {
            throw new IOException("async-profiler refused '" + options + "' in JVM " + pid + ": " + e.getMessage()
                    + logTail(), e);
        } finally {
            vm.detach();
        }
    }

    private String logTail() {
        try {
            List<String> lines = Files.isRegularFile(log) ? Files.readAllLines(log) : List.of();
            return lines.isEmpty() ? "" : " (its log: " + String.join(" ", lines.subList(Math.max(0, lines.size() - 3),
                    lines.size())) + ")";
        } catch (IOException e) {
            return "";
        }
    }
}
