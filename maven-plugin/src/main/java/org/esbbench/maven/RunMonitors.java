package org.esbbench.maven;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The CPU sampler and the progress line of the current run: started by the start goal, closed by the stop
 * goal. They live in the plugin's class realm, which Maven keeps for the whole build.
 */
final class RunMonitors {
    private static CpuSampler sampler;
    private static ProgressReporter progress;

    private RunMonitors() {
    }

    static synchronized void start(RunPlan plan, Path runDir, Path jmeterResults, Duration progressInterval,
                                   List<ManagedProcess> started, Consumer<String> log) throws IOException {
        close();
        sampler = new CpuSampler(runDir.resolve("cpu.csv"), Duration.ofMillis(250));
        for (ManagedProcess p : started) {
            sampler.watch(p.name(), () -> ProcessHandle.of(p.pid()));
        }
        sampler.watch("jmeter", RunMonitors::jmeterProcess);
        sampler.start();
        progress = new ProgressReporter(plan, jmeterResults, System.currentTimeMillis() - 1000,
                progressInterval, log).start();
    }

    /** The JMeter JVM that jmeter-maven-plugin forks from this build. */
    static Optional<ProcessHandle> jmeterProcess() {
        return ProcessHandle.current().descendants()
                .filter(h -> h.info().commandLine().map(c -> c.contains("ApacheJMeter")).orElse(false))
                .findFirst();
    }

    static synchronized void close() throws IOException {
        if (progress != null) {
            progress.close();
            progress = null;
        }
        if (sampler != null) {
            sampler.close();
            sampler = null;
        }
    }
}
