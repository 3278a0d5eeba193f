package org.esbbench.maven;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What watches the current run from its start goal to its stop goal: the CPU sampler (server, backend, load
 * generator and the whole machine) and the server's GC recorder. It lives in the plugin's class realm, which Maven keeps for the whole build.
 */
final class RunMonitors {
    private static CpuSampler sampler;
    private static GcRecorder gc;
    /** The backend's pid: the run goal restarts the backend between delays, and the sampler follows. */
    private static final AtomicLong BACKEND_PID = new AtomicLong(-1);
    /** The JMeter process of the scenario run going on, -1 between runs. */
    private static final AtomicLong JMETER_PID = new AtomicLong(-1);

    private RunMonitors() {
    }

    static synchronized void start(Path runDir, List<ManagedProcess> started) throws IOException {
        close();
        sampler = new CpuSampler(runDir.resolve("cpu.csv"), Duration.ofMillis(250));
        for (ManagedProcess p : started) {
            if (p.name().equals("backend")) {
                BACKEND_PID.set(p.pid());
                sampler.watch("backend", () -> pid(BACKEND_PID));
            } else {
                sampler.watch(p.name(), () -> ProcessHandle.of(p.pid()));
            }
        }
        sampler.watch("jmeter", () -> pid(JMETER_PID));
        sampler.watchCpu("machine", MachineCpu::busyMillis);
        sampler.start();
    }

    /** Records the server's GC (and, for an external server, its CPU time) from here on. */
    static synchronized void recordGc(GcRecorder recorder) {
        gc = recorder;
    }

    /**
     * Asks the server's JVM for a full collection after a scenario run, so that the heap footprint after full
     * GC is measured for every run even when the run itself caused none.
     */
    static synchronized void afterScenarioRun(java.util.function.Consumer<String> log) {
        if (gc != null && gc.isRecording() && !gc.forceFullGc(Duration.ofSeconds(30))) {
            log.accept("the server's JVM did not report the requested full GC within 30 s");
        }
    }

    static void backendRestarted(long pid) {
        BACKEND_PID.set(pid);
    }

    static void jmeterRunning(long pid) {
        JMETER_PID.set(pid);
    }

    private static Optional<ProcessHandle> pid(AtomicLong pid) {
        long p = pid.get();
        return p < 0 ? Optional.empty() : ProcessHandle.of(p);
    }

    static synchronized void close() throws IOException {
        if (gc != null) {
            gc.close();
            gc = null;
        }
        if (sampler != null) {
            sampler.close();
            sampler = null;
        }
        BACKEND_PID.set(-1);
        JMETER_PID.set(-1);
    }
}
