package org.esbbench.maven.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.targets.TargetProfile;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfileRecord.Profiler;
import org.esbbench.report.profiles.ProfileSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a run profiles its server: async-profiler where its library loads, JDK Flight Recorder where it cannot (and
 * none for wall-clock time, which it does not sample), none with -Dprofiler=async-profiler; the process of a server
 * started by hand from its profile's pid= (a number or a file) or from its jmx= connector on loopback, and what each
 * says when it cannot give one.
 */
class ProfilerChoiceTest {
    @TempDir
    Path tmp;

    private static ProfilerChoice.Library library(AgentLibrary.Result extracted, Optional<String> problem) {
        return new ProfilerChoice.Library() {
            @Override
            public AgentLibrary.Result extract() {
                return extracted;
            }

            @Override
            public Optional<String> loadProblem(Path library) {
                return problem;
            }
        };
    }

    private static ProfileSettings settings(String profile, String profiler) {
        return ProfileSettings.of(Map.of("profile", profile, "profiler", profiler));
    }

    private final Path lib = Path.of("/run/profiles/.agent/libasyncProfiler.so");

    @Test
    void asyncProfilerWhereItsLibraryLoadsAnAgentFromTheStartOfAJvmTheSuiteStarts() throws IOException {
        ProfilerPlan plan = ProfilerChoice.withProfiler(settings("cpu", "auto"), ProfileEvent.CPU, "10ms", true, 0,
                library(new AgentLibrary.Result(Optional.of(lib), ""), Optional.empty()));
        assertThat(plan.profiler()).isEqualTo(Profiler.ASYNC_PROFILER);
        assertThat(plan.reach()).isEqualTo(ProfilerPlan.Reach.AGENT_AT_START);
        assertThat(plan.library()).contains(lib);

        ProfilerPlan attached = ProfilerChoice.withProfiler(settings("cpu", "auto"), ProfileEvent.CPU, "10ms", false,
                4242, library(new AgentLibrary.Result(Optional.of(lib), ""), Optional.empty()));
        assertThat(attached.reach()).isEqualTo(ProfilerPlan.Reach.ATTACH);
        assertThat(attached.externalPid()).isEqualTo(4242);
    }

    @Test
    void flightRecorderStandsInWhereTheLibraryCannotLoadAndSaysWhy() throws IOException {
        ProfilerPlan plan = ProfilerChoice.withProfiler(settings("cpu", "auto"), ProfileEvent.CPU, "10ms", true, 0,
                library(new AgentLibrary.Result(Optional.of(lib), ""), Optional.of("a JVM with it as an agent did not"
                        + " start: Error occurred during initialization of VM")));
        assertThat(plan.profiler()).isEqualTo(Profiler.JFR);
        assertThat(plan.reach()).as("Flight Recorder is started by jcmd, no agent at the start").isEqualTo(ProfilerPlan.Reach.ATTACH);
        assertThat(plan.note()).contains("async-profiler's library cannot load here: a JVM with it as an agent did"
                + " not start", "JDK Flight Recorder's own sampling instead: Java frames only");

        ProfilerPlan noLibrary = ProfilerChoice.withProfiler(settings("alloc", "auto"), ProfileEvent.ALLOC, "512k", true,
                0, library(AgentLibrary.Result.failed("async-profiler's jar has no library for Windows 11 on amd64"),
                        Optional.empty()));
        assertThat(noLibrary.profiler()).isEqualTo(Profiler.JFR);
        assertThat(noLibrary.note()).contains("no library for Windows 11");
    }

    @Test
    void withoutAStandInThereIsNoProfileAndTheRunSaysWhy() throws IOException {
        ProfilerChoice.Library cannot = library(new AgentLibrary.Result(Optional.of(lib), ""), Optional.of("it broke"));
        ProfilerPlan wall = ProfilerChoice.withProfiler(settings("wall", "auto"), ProfileEvent.WALL, "50ms", true, 0,
                cannot);
        assertThat(wall.reach()).isEqualTo(ProfilerPlan.Reach.NONE);
        assertThat(wall.note()).contains("samples no wall-clock time");
        assertThat(wall.describe()).startsWith("profile: none: async-profiler's library cannot load here: it broke");

        ProfilerPlan asked = ProfilerChoice.withProfiler(settings("cpu", "async-profiler"), ProfileEvent.CPU, "10ms",
                true, 0, cannot);
        assertThat(asked.reach()).isEqualTo(ProfilerPlan.Reach.NONE);
        assertThat(asked.note()).contains("-Dprofiler=async-profiler: no stand-in");
    }

    @Test
    void flightRecorderWhenAskedForLeavesTheLibraryAlone() throws IOException {
        ProfilerChoice.Library untouchable = new ProfilerChoice.Library() {
            @Override
            public AgentLibrary.Result extract() {
                throw new AssertionError("the library is not written with -Dprofiler=jfr");
            }

            @Override
            public Optional<String> loadProblem(Path library) {
                throw new AssertionError("nor tried");
            }
        };
        ProfilerPlan plan = ProfilerChoice.withProfiler(settings("lock", "jfr"), ProfileEvent.LOCK, "10us", true, 0,
                untouchable);
        assertThat(plan.profiler()).isEqualTo(Profiler.JFR);
        assertThat(plan.note()).startsWith("-Dprofiler=jfr");
    }

    @Test
    void aServerStartedByHandIsFoundByItsProfilesPidOrTheFileThatHoldsIt() throws Exception {
        long self = ProcessHandle.current().pid();
        assertThat(ProfilerChoice.externalPid(profile(Map.of("pid", Long.toString(self)))).pid()).isEqualTo(self);
        Path file = tmp.resolve("server.pid");
        Files.writeString(file, self + "\n");
        assertThat(ProfilerChoice.externalPid(profile(Map.of("pid", "file:" + file))).pid()).isEqualTo(self);

        assertThatThrownBy(() -> ProfilerChoice.externalPid(profile(Map.of("pid", "999999999"))))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("pid=999999999 names process 999999999,"
                        + " which is not running on this machine");
        assertThatThrownBy(() -> ProfilerChoice.externalPid(profile(Map.of("pid", "the server"))))
                .hasMessageContaining("is neither a process id nor file:<path>");
        assertThatThrownBy(() -> ProfilerChoice.externalPid(profile(Map.of("pid", "file:" + tmp.resolve("none")))))
                .hasMessageContaining("cannot read");
    }

    @Test
    void orByTheJvmBehindItsJmxConnectorOnLoopback() throws Exception {
        // This JVM's own connector, on loopback only (registry and connector), as a server's jmx= would be.
        java.rmi.server.RMIServerSocketFactory loopback = p -> new java.net.ServerSocket(p, 0,
                java.net.InetAddress.getLoopbackAddress());
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Registry registry = LocateRegistry.createRegistry(port, null, loopback);
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL(ManagementAgentFlags.serviceUrl("127.0.0.1", port)),
                Map.of(javax.management.remote.rmi.RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, loopback),
                ManagementFactory.getPlatformMBeanServer());
        try {
            server.start();
            ProfilerChoice.Pid pid = ProfilerChoice.externalPid(profile(Map.of("jmx", "127.0.0.1:" + port)));
            assertThat(pid.problem()).isEmpty();
            assertThat(pid.pid()).isEqualTo(ProcessHandle.current().pid());
        } finally {
            server.stop();
            UnicastRemoteObject.unexportObject(registry, true);
        }
    }

    @Test
    void aServerElsewhereOrWithNeitherIsNotProfiledAndSaysWhy() throws Exception {
        assertThat(ProfilerChoice.externalPid(profile(Map.of("host", "10.0.0.5"))).problem()).get().asString()
                .contains("the server runs on 10.0.0.5, not on this machine");
        assertThat(ProfilerChoice.externalPid(profile(Map.of())).problem()).get().asString()
                .contains("names neither pid=<process id> (or pid=file:<path>) nor a jmx= on this machine");
    }

    private TargetProfile profile(Map<String, String> keys) {
        Properties p = new Properties();
        p.putAll(keys);
        return new TargetProfile("by-hand", tmp.resolve("config/targets/by-hand.properties"), p);
    }
}
