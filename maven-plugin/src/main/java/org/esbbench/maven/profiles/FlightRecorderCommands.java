package org.esbbench.maven.profiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfileSettings;

/**
 * JDK Flight Recorder in a running JVM, where async-profiler's library cannot load: {@code jcmd}'s {@code JFR.start}
 * with settings of the one event the run asks for (Java execution samples at the interval; sampled allocations;
 * contended monitor entries over the interval), its repository in the run folder rather than the temporary folder,
 * and {@code JFR.stop}, which writes the recording. Its samples are of Java frames only: no native, GC or JIT threads.
 */
final class FlightRecorderCommands implements ProfilerControl {
    private static final String NAME = "esb-bench";
    private static final long TIMEOUT_SECONDS = 60;
    /** Flight Recorder's execution sampler takes no period below a millisecond. */
    private static final long MIN_PERIOD_NANOS = 1_000_000;

    private final ProfilerPlan plan;
    private final Path dir;

    FlightRecorderCommands(ProfilerPlan plan, RunLayout layout) {
        this.plan = plan;
        this.dir = layout.profilerAgent();
    }

    /** The settings file (.jfc) of one event: everything else off. */
    static String settings(ProfileEvent event, String interval) {
        String body = switch (event) {
            case CPU -> event("jdk.ExecutionSample", "<setting name=\"period\">" + period(interval) + "</setting>");
            case ALLOC -> event("jdk.ObjectAllocationSample", "<setting name=\"throttle\">150/s</setting>");
            case LOCK -> event("jdk.JavaMonitorEnter", "<setting name=\"threshold\">"
                    + ProfileSettings.nanos(interval).orElse(10_000L) + " ns</setting>"
                    + "<setting name=\"stackTrace\">true</setting>");
            case WALL -> throw new IllegalArgumentException("JDK Flight Recorder samples no wall-clock time");
        };
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\" label=\"esb-bench "
                + event.id() + "\" description=\"the event of -Dprofile=" + event.id() + ", nothing else\""
                + " provider=\"esb-bench\">\n" + body + "</configuration>\n";
    }

    private static String event(String name, String settings) {
        return "  <event name=\"" + name + "\"><setting name=\"enabled\">true</setting>" + settings + "</event>\n";
    }

    private static String period(String interval) {
        long nanos = Math.max(MIN_PERIOD_NANOS, ProfileSettings.nanos(interval).orElse(10_000_000L));
        return String.format(Locale.ROOT, "%d ms", Math.round(nanos / 1e6));
    }

    @Override
    public void start(long pid, Path recording) throws IOException {
        Files.createDirectories(dir);
        Files.createDirectories(recording.toAbsolutePath().getParent());
        Files.deleteIfExists(recording);
        Path jfc = dir.resolve("esb-bench-" + plan.event().id() + ".jfc");
        Files.writeString(jfc, settings(plan.event(), plan.interval()));
        Path repository = dir.resolve("jfr-repository");
        Files.createDirectories(repository);
        // The recorder's chunks go into the run folder, not the temporary folder, whatever becomes of the JVM.
        jcmd(pid, List.of("JFR.configure", "repositorypath=" + repository.toAbsolutePath()), "");
        jcmd(pid, List.of("JFR.start", "name=" + NAME, "settings=" + jfc.toAbsolutePath(),
                "filename=" + recording.toAbsolutePath()), "Started recording");
    }

    @Override
    public void stop(long pid, Path recording) throws IOException {
        jcmd(pid, List.of("JFR.stop", "name=" + NAME, "filename=" + recording.toAbsolutePath()), "Stopped recording");
    }

    /** Runs {@code jcmd PID ARGS}; its output must contain {@code expect} (jcmd exits 0 on many a refusal). */
    private static void jcmd(long pid, List<String> args, String expect) throws IOException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new IOException("no jcmd in " + jcmd.getParent() + " (a JDK, not a JRE, runs the build)");
        }
        List<String> cmd = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not end within " + TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", cmd), e);
        }
        if (p.exitValue() != 0 || !out.contains(expect)) {
            throw new IOException(String.join(" ", cmd.subList(1, cmd.size())) + ": " + out.strip().replace('\n', ' '));
        }
    }
}
