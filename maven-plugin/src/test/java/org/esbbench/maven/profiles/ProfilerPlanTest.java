package org.esbbench.maven.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import jdk.jfr.Configuration;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfileRecord.Profiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilerPlanTest {
    @TempDir
    Path tmp;

    @Test
    void aServerTheSuiteStartsGetsTheAgentFlagOnlyWhenThePlanSaysSo() throws Exception {
        RunLayout layout = new RunLayout(tmp.resolve("run"));
        assertThat(ProfilerPlan.serverJvmFlags(layout)).as("no plan: no profile").isEmpty();

        Path lib = layout.profilerAgent().resolve("libasyncProfiler.so");
        new ProfilerPlan(ProfileEvent.CPU, "10ms", Profiler.ASYNC_PROFILER, ProfilerPlan.Reach.AGENT_AT_START,
                Optional.of(lib), 0, "").write(layout);
        assertThat(ProfilerPlan.serverJvmFlags(layout)).containsExactly("-agentpath:" + lib);
        assertThat(ProfilerPlan.read(layout).orElseThrow().describe())
                .startsWith("profile: cpu every 10ms by async-profiler, its library an agent");

        new ProfilerPlan(ProfileEvent.ALLOC, "512k", Profiler.JFR, ProfilerPlan.Reach.ATTACH, Optional.empty(), 4242,
                "async-profiler's library cannot load here: x").write(layout);
        ProfilerPlan read = ProfilerPlan.read(layout).orElseThrow();
        assertThat(read.externalPid()).isEqualTo(4242);
        assertThat(read.note()).isEqualTo("async-profiler's library cannot load here: x");
        assertThat(ProfilerPlan.serverJvmFlags(layout)).as("attached: no agent at start").isEmpty();

        ProfilerPlan.forget(layout);
        assertThat(ProfilerPlan.read(layout)).isEmpty();
    }

    @Test
    void asyncProfilersCommandsNameTheEventItsIntervalAndTheFiles() {
        Path rec = Path.of("/r/profiles/x_r1.jfr");
        Path log = Path.of("/r/profiles/.agent/async-profiler.log");
        assertThat(AsyncProfilerAttach.startCommand(ProfileEvent.CPU, "10ms", rec, log))
                .isEqualTo("start,event=cpu,interval=10ms,jfr,file=/r/profiles/x_r1.jfr,log=" + log + ",quiet");
        assertThat(AsyncProfilerAttach.startCommand(ProfileEvent.ALLOC, "2m", rec, log)).startsWith("start,event=alloc,alloc=2m,");
        assertThat(AsyncProfilerAttach.startCommand(ProfileEvent.LOCK, "10us", rec, log)).startsWith("start,event=lock,lock=10us,");
        assertThat(AsyncProfilerAttach.stopCommand(log)).isEqualTo("stop,log=" + log + ",quiet");
    }

    @Test
    void flightRecordersSettingsAreAConfigurationItReads() throws Exception {
        for (ProfileEvent e : List.of(ProfileEvent.CPU, ProfileEvent.ALLOC, ProfileEvent.LOCK)) {
            Configuration c = Configuration.create(new StringReader(FlightRecorderCommands.settings(e, e.defaultInterval())));
            assertThat(c.getSettings()).as(e.id()).containsValue("true");
        }
        Configuration cpu = Configuration.create(new StringReader(FlightRecorderCommands.settings(ProfileEvent.CPU, "250us")));
        assertThat(cpu.getSettings()).containsEntry("jdk.ExecutionSample#period", "1 ms");
        Configuration lock = Configuration.create(new StringReader(FlightRecorderCommands.settings(ProfileEvent.LOCK, "20us")));
        assertThat(lock.getSettings()).containsEntry("jdk.JavaMonitorEnter#threshold", "20000 ns");
    }

    @Test
    void theLibraryForThisMachineIsNamedByItsSystemAndProcessor() {
        assertThat(AgentLibrary.platformFolder("Linux", "amd64")).contains("linux-x64");
        assertThat(AgentLibrary.platformFolder("Linux", "aarch64")).contains("linux-arm64");
        assertThat(AgentLibrary.platformFolder("Mac OS X", "aarch64")).contains("macos");
        assertThat(AgentLibrary.platformFolder("Windows 11", "amd64")).isEmpty();
        assertThat(AgentLibrary.platformFolder("Linux", "ppc64le")).isEmpty();
    }
}
