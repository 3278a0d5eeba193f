package org.esbbench.maven.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.CollapsedStacks;
import org.esbbench.report.profiles.FlameGraphs;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfiledWork;
import org.esbbench.report.profiles.ProfileRecord;
import org.esbbench.report.profiles.ProfileRecord.Profiler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profilers on real JVMs, as a run drives them: async-profiler's library, written from its jar into a run folder,
 * an agent from a JVM's start (a server the suite starts) or loaded by attaching (a server started by hand), started
 * and stopped through the attach mechanism; JDK Flight Recorder's commands; each recording holding the busy method.
 * Only a JVM is taken for one; the leftovers of a JVM that was killed are removed; nothing lands in the temporary
 * folder but the JVM's own attach socket, gone with it.
 */
class ProfilerControlIT {
    private static final String SPIN = ProfiledWork.class.getName() + ".spin";

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();
    /** The TCP and UDP sockets the last profiled JVM listened on while its profiler ran. */
    private List<org.esbbench.maven.processes.ListeningSockets.Listener> listening = List.of();

    @AfterEach
    void stopEverything() throws InterruptedException {
        for (Process p : started) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anAgentFromTheStartIsStartedAndStoppedByAttachAndItsRecordingHoldsTheBusyMethod() throws Exception {
        RunLayout layout = new RunLayout(tmp.resolve("run"));
        Path lib = library(layout);
        assertThat(AgentLibrary.loadProblem(lib)).as("a JVM starts with it").isEmpty();
        Process jvm = busy(List.of(ProfilerPlan.agentFlag(lib)));
        ProfilerPlan plan = plan(Profiler.ASYNC_PROFILER, ProfilerPlan.Reach.AGENT_AT_START, Optional.of(lib));

        CollapsedStacks stacks = profile(plan, layout, jvm.pid(), "agent_r1");
        assertThat(listening).as("what the profiled JVM listened on while it was profiled: nothing").isEmpty();

        assertThat(stacks.total()).as("about 100 samples a second of one busy thread").isBetween(50L, 400L);
        assertThat(stacks.inclusiveShare(f -> f.equals(SPIN))).isGreaterThan(0.5);
        assertThat(Files.readString(outputOf(jvm))).as("the profiler's messages go to its log, not the server's output")
                .doesNotContain("Profiling started");
    }

    @Test
    void aJvmStartedWithoutItIsAttachedToAndTheLibraryLoadedThen() throws Exception {
        RunLayout layout = new RunLayout(tmp.resolve("run"));
        Path lib = library(layout);
        Process jvm = busy(List.of());
        ProfilerPlan plan = plan(Profiler.ASYNC_PROFILER, ProfilerPlan.Reach.ATTACH, Optional.of(lib));

        CollapsedStacks stacks = profile(plan, layout, jvm.pid(), "attached_r1");

        assertThat(stacks.inclusiveShare(f -> f.equals(SPIN))).isGreaterThan(0.5);
    }

    @Test
    void flightRecorderStandsInWithItsRepositoryInTheRunFolder() throws Exception {
        RunLayout layout = new RunLayout(tmp.resolve("run"));
        Process jvm = busy(List.of());
        ProfilerPlan plan = plan(Profiler.JFR, ProfilerPlan.Reach.ATTACH, Optional.empty());
        List<Path> tmpBefore = jfrFoldersInTmp();

        CollapsedStacks stacks = profile(plan, layout, jvm.pid(), "jfr_r1");

        assertThat(stacks.total()).isPositive();
        assertThat(stacks.inclusiveShare(f -> f.equals(SPIN))).isGreaterThan(0.5);
        assertThat(layout.profilerAgent().resolve("jfr-repository")).isDirectory();
        assertThat(jfrFoldersInTmp()).as("no Flight Recorder repository in /tmp").isEqualTo(tmpBefore);
    }

    @Test
    void onlyAJvmIsEverTakenForOne() throws Exception {
        Process jvm = busy(List.of());
        Process sleep = start(List.of("sleep", "30"), tmp.resolve("sleep.out"));
        waitFor(() -> ServerJvm.isJvm(jvm.pid()));

        assertThat(ServerJvm.isJvm(jvm.pid())).isTrue();
        assertThat(ServerJvm.isJvm(sleep.pid())).as("a process that is not Java is never attached to").isFalse();
    }

    @Test
    void aKilledJvmsAttachSocketAndTheLibraryAreRemovedAfterTheRun() throws Exception {
        RunLayout layout = new RunLayout(tmp.resolve("run"));
        Path lib = library(layout);
        Process jvm = busy(List.of());
        ProfilerPlan plan = plan(Profiler.ASYNC_PROFILER, ProfilerPlan.Reach.ATTACH, Optional.of(lib));
        profile(plan, layout, jvm.pid(), "killed_r1");
        new ProfileRecord(Profiler.ASYNC_PROFILER, ProfileEvent.CPU, "10ms", jvm.pid(), 1, 2, "")
                .write(layout.profileRecord("killed_r1"));
        Path socket = Path.of("/tmp/.java_pid" + jvm.pid());
        assertThat(socket).as("attaching opened the JVM's socket").exists();

        jvm.destroyForcibly(); // SIGKILL: the JVM cannot remove its socket
        assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(socket).exists();
        List<String> removed = ProfilerLeftovers.remove(layout);

        assertThat(socket).doesNotExist();
        assertThat(removed).singleElement().asString().contains(socket.toString());
        assertThat(layout.profilerAgent()).doesNotExist();
        assertThat(layout.profileRecording("killed_r1")).as("the recording is the run's").isRegularFile();
    }

    /** Starts the plan's profiler in {@code pid}, lets it sample about a second, stops it, and cuts the recording. */
    private CollapsedStacks profile(ProfilerPlan plan, RunLayout layout, long pid, String name) throws Exception {
        waitFor(() -> ServerJvm.isJvm(pid));
        ProfilerControl control = ProfilerControl.of(plan, layout);
        long from = System.currentTimeMillis();
        control.start(pid, layout.profileRecording(name));
        Thread.sleep(1500);
        listening = org.esbbench.maven.processes.ListeningSockets.of(List.of(pid));
        control.stop(pid, layout.profileRecording(name));
        long to = System.currentTimeMillis();
        assertThat(layout.profileRecording(name)).isRegularFile();
        return FlameGraphs.cut(layout.profileRecording(name), plan.event(), from, to, name, layout.flameGraph(name),
                layout.collapsedStacks(name));
    }

    private static ProfilerPlan plan(Profiler profiler, ProfilerPlan.Reach reach, Optional<Path> lib) {
        return new ProfilerPlan(ProfileEvent.CPU, "10ms", profiler, reach, lib, 0, "");
    }

    private static Path library(RunLayout layout) throws IOException {
        AgentLibrary.Result lib = AgentLibrary.extract(layout.profilerAgent());
        assertThat(lib.problem()).isEmpty();
        return lib.library().orElseThrow();
    }

    private Process busy(List<String> flags) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(), "-Xmx64m"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProfiledWork.class.getName()));
        return start(cmd, tmp.resolve("busy-" + started.size() + ".out"));
    }

    private Process start(List<String> cmd, Path out) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        started.add(p);
        return p;
    }

    private Path outputOf(Process p) {
        return tmp.resolve("busy-" + started.indexOf(p) + ".out");
    }

    private static List<Path> jfrFoldersInTmp() throws IOException {
        try (Stream<Path> all = Files.list(Path.of("/tmp"))) {
            return all.filter(p -> p.getFileName().toString().matches("\\d{4}_\\d{2}_\\d{2}_.*")).sorted().toList();
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
    }
}
