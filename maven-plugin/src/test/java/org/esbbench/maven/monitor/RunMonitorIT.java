package org.esbbench.maven.monitor;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.esbbench.maven.management.GarbageMakerJvm;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.usage.CpuSeries;
import org.esbbench.report.usage.GcSeries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's monitor as the start goal starts it: a child JVM on this classpath, following processes.csv. */
class RunMonitorIT {
    @TempDir
    Path dir;

    private final GarbageMakerJvm children = new GarbageMakerJvm();
    private ManagedProcess monitor;

    @AfterEach
    void stop() throws InterruptedException {
        if (monitor != null) {
            monitor.stop(Duration.ofSeconds(10));
        }
        children.close();
    }

    @Test
    void recordsTheServersCpuAndGcFollowingProcessesCsvAndClosesItsSeriesOnSigterm() throws Exception {
        RunLayout layout = new RunLayout(dir);
        int port = GarbageMakerJvm.freePort();
        Process server = children.start(port, dir.resolve("server.log"));
        ProcessesFile.write(layout.processes(), List.of(new ProcessesFile.Entry("server", server.pid(),
                System.currentTimeMillis(), OptionalLong.empty(), "server.log", "java GarbageMaker")));

        monitor = MonitorLauncher.start(MonitorLauncher.command(MonitorLauncher.classpath(getClass().getClassLoader()),
                layout, Optional.of(ManagementAgentFlags.serviceUrl("127.0.0.1", port)), false, Duration.ofSeconds(60)), layout);
        MonitorLauncher.awaitRecording(monitor, Duration.ofSeconds(90));
        // A JMeter appears in processes.csv while the monitor runs: it is followed from the next tick on.
        Process jmeter = new ProcessBuilder("sleep", "30").start();
        try {
            ProcessesFile.write(layout.processes(), List.of(
                    new ProcessesFile.Entry("server", server.pid(), System.currentTimeMillis(), OptionalLong.empty(), "server.log", "java"),
                    new ProcessesFile.Entry("jmeter-direct_u1_s1024_d0_r1", jmeter.pid(), System.currentTimeMillis(),
                            OptionalLong.empty(), "jmeter.out", "sleep 30")));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (Files.readAllLines(layout.cpu()).stream().noneMatch(l -> l.contains(",jmeter,"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } finally {
            jmeter.destroy();
        }
        Thread.sleep(1000);

        assertThat(monitor.stop(Duration.ofSeconds(20))).as("stopped by SIGTERM").isTrue();

        List<String> cpu = Files.readAllLines(layout.cpu());
        assertThat(cpu.get(0)).isEqualTo("epochMs,process,cpuMs");
        assertThat(cpu).anyMatch(l -> l.contains(",server,")).anyMatch(l -> l.contains(",machine,"))
                .anyMatch(l -> l.contains(",jmeter,"));
        assertThat(CpuSeries.read(layout.cpu(), "server").cpuMillisBetween(
                Long.parseLong(cpu.get(1).split(",")[0]), Long.parseLong(cpu.get(cpu.size() - 1).split(",")[0]))).isPresent();
        List<String> gc = Files.readAllLines(layout.gc());
        assertThat(gc.get(0)).isEqualTo(String.join(",", GcSeries.HEADER));
        assertThat(gc).anyMatch(l -> l.contains(",recording started,"));
        assertThat(gc.get(gc.size() - 1)).contains(",recording stopped,closed,");
        assertThat(layout.serverCpu()).doesNotExist();
    }

    @Test
    void failsFastNamingItsLogWhenTheServersAgentDoesNotAnswer() throws Exception {
        RunLayout layout = new RunLayout(dir);
        int port = GarbageMakerJvm.freePort();
        monitor = MonitorLauncher.start(MonitorLauncher.command(MonitorLauncher.classpath(getClass().getClassLoader()),
                layout, Optional.of(ManagementAgentFlags.serviceUrl("127.0.0.1", port)), false, Duration.ofSeconds(2)), layout);

        assertThatThrownBy(() -> MonitorLauncher.awaitRecording(monitor, Duration.ofSeconds(60)))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("could not start recording (exit " + RunMonitor.CANNOT_RECORD + ")")
                .hasMessageContaining(layout.processOutput("monitor").toString())
                .hasMessageContaining("no JMX connection");
    }
}
