package org.esbbench.maven.monitor;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.io.Reader;
import java.nio.file.Files;
import java.util.Properties;
import org.esbbench.maven.management.GcFollower;
import org.esbbench.maven.management.JmxOptions;
import org.esbbench.maven.management.ManagementConnection;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.OnlineCpus;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.RunLayout;

/**
 * The run's monitor, a process of its own that the start goal starts and the stop goal stops (SIGTERM): it samples
 * the CPU time of the server, the backend, the current JMeter, the JMeter engines of a distributed run
 * ({@code generators.json}, {@link EngineCpu}) and the whole machine into {@code cpu.csv}, records
 * the server's garbage collections over its management connection into {@code gc.csv} (connecting again when the
 * run goal restarts the server for another heap) and, for an external server,
 * its CPU time over the same connection into {@code server-cpu.csv}.
 *
 * <p>A process rather than threads in the build: nothing has to survive from one goal to the next in the build's
 * JVM, and a build that dies leaves a process the next {@code esb-bench:stop} finds in {@code processes.csv}.
 *
 * <p>It prints {@value #READY} once every recording runs (the start goal waits for that line), or a line saying why
 * not and exits with status 2. On SIGTERM its shutdown hook takes a last sample, writes the GC series' "recording
 * stopped" row and closes the files; it also ends when the build that started it has gone.
 *
 * <pre>java -cp PLUGIN-CLASSPATH org.esbbench.maven.monitor.RunMonitor --run-dir DIR [--management-url URL
 *     [--jmx-profile TARGET-PROFILE] [--external-server]] [--connect-timeout-seconds N] [--interval-ms N]</pre>
 */
public final class RunMonitor implements AutoCloseable {
    /** The line the monitor prints once it records. */
    public static final String READY = "esb-bench monitor: recording";
    /** Exit status when a recording could not start. */
    public static final int CANNOT_RECORD = 2;

    /**
     * @param runDir          the run's folder
     * @param managementUrl   the server JVM's management agent, or null for none (no GC figures)
     * @param externalServer  the server is not a process of this run: its CPU time comes over the connection
     * @param connectTimeout  how long the server's agent may take to accept the connection
     * @param interval        time between two CPU samples
     */
    record Options(Path runDir, String managementUrl, Path jmxProfile, boolean externalServer, Duration connectTimeout,
                   Duration interval) {
        static Options parse(String[] args) {
            Path runDir = null;
            String url = null;
            Path jmxProfile = null;
            boolean external = false;
            Duration timeout = Duration.ofSeconds(90);
            Duration interval = Duration.ofMillis(250);
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--run-dir" -> runDir = Path.of(args[++i]);
                    case "--management-url" -> url = args[++i];
                    case "--jmx-profile" -> jmxProfile = Path.of(args[++i]);
                    case "--external-server" -> external = true;
                    case "--connect-timeout-seconds" -> timeout = Duration.ofSeconds(Long.parseLong(args[++i]));
                    case "--interval-ms" -> interval = Duration.ofMillis(Long.parseLong(args[++i]));
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (runDir == null) {
                throw new IllegalArgumentException("--run-dir is required");
            }
            return new Options(runDir, url, jmxProfile, external, timeout, interval);
        }
    }

    private final Options options;
    private final RunLayout layout;
    private final FollowedProcesses processes;
    private final List<CpuSampler> samplers = new ArrayList<>();
    private final List<PerfMonStream> engineStreams = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Thread ticking;
    private ManagementConnection connection;
    private GcFollower gc;
    private AffinityRecord affinity;

    RunMonitor(Options options) {
        this.options = options;
        this.layout = new RunLayout(options.runDir());
        this.processes = new FollowedProcesses(layout.processes());
    }

    public static void main(String[] args) {
        RunMonitor monitor;
        try {
            monitor = new RunMonitor(Options.parse(args));
        } catch (RuntimeException e) {
            log("bad arguments: " + e.getMessage());
            System.exit(CANNOT_RECORD);
            return;
        }
        try {
            monitor.begin();
        } catch (IOException | RuntimeException e) {
            log("cannot record: " + e.getMessage());
            monitor.close();
            System.exit(CANNOT_RECORD);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(monitor::close, "esb-bench-monitor-stop"));
        // A build killed outright (SIGKILL) runs no shutdown hook and no stop goal: the monitor then ends with it
        // rather than record until the next esb-bench:stop (the exit runs the hook above, which closes the files).
        ProcessHandle.current().parent().ifPresent(build -> build.onExit().thenRun(() -> {
            log("the build that started the monitor has ended");
            System.exit(0);
        }));
        System.out.println(READY);
        System.out.flush();
        monitor.tickUntilClosed();
    }

    /** Opens the series and the management connection; every recording runs when this returns. */
    void begin() throws IOException {
        CpuSampler local = new CpuSampler(layout.cpu());
        samplers.add(local);
        // the broker a profile starts (broker.command) shares the server's CPUs: its CPU is the run's there
        for (String role : List.of("server", "backend", "jmeter", "broker")) {
            local.watch(role, CpuSource.ofProcess(() -> processes.current(role)));
        }
        // The busiest thread of the server and of JMeter: a role limited by one thread shows it on no CPU average.
        for (String role : List.of("server", "jmeter")) {
            local.watch(role + RunLayout.HOTTEST_THREAD, new HottestThread(() -> processes.current(role)));
        }
        // The server's threads' run time to the nanosecond, all and its JIT compiler threads' (read together): at a
        // low rate, compilation long after the warm-up is much of its CPU, which the net CPU per message leaves out.
        ThreadTimes serverThreads = new ThreadTimes(() -> processes.current("server"));
        local.watch("server" + RunLayout.RUN_TIME, serverThreads.all());
        local.watch("server" + RunLayout.JIT, serverThreads.compiler());
        // The harness's own processes besides JMeter and the backend: with them, busy time on the harness's CPUs that
        // no process of the run accounts for is someone else's.
        local.watch(RunLayout.MONITOR_CPU, CpuSource.ofOwnThreads(() -> Optional.of(ProcessHandle.current())));
        local.watch(RunLayout.BUILD_CPU, CpuSource.ofOwnThreads(() -> ProcessHandle.current().parent()));
        local.watch("machine", CpuSource.ofMachine());
        // Each CPU's busy time: the busy share of the server's cores and of the others' (cpus.properties).
        for (int cpu : OnlineCpus.read().cpus()) {
            local.watch(CpuLayout.cpuRow(cpu), () -> MachineCpu.busyMillis(cpu));
        }
        affinity = new AffinityRecord(layout.dir().resolve(RunLayout.AFFINITY));
        // written by the start goal before it starts the monitor, when the load comes from JMeter engines
        EnginesFile.read(layout.dir()).ifPresent(g -> engineStreams.addAll(EngineCpu.watch(g, local, processes)));
        if (options.managementUrl() != null) {
            connection = ManagementConnection.connect(options.managementUrl(), jmxOptions(options.jmxProfile()),
                    options.connectTimeout());
            // follows the server across restarts (one per heap of a heap list), appending to the same gc.csv
            gc = GcFollower.start(connection, layout.gc(), options.connectTimeout(), RunMonitor::log);
            if (options.externalServer()) {
                samplers.add(new CpuSampler(layout.serverCpu()).watch("server", CpuSource.ofRemoteJvm(connection)));
            }
        }
        tick();
    }

    /**
     * The credentials and TLS of the target profile at {@code profile} (read here, in the monitor, so that no password
     * travels on its command line); none without a profile.
     */
    static JmxOptions jmxOptions(Path profile) throws IOException {
        if (profile == null) {
            return JmxOptions.NONE;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(profile)) {
            p.load(r);
        }
        try {
            return JmxOptions.of(p, profile.toAbsolutePath().getParent());
        } catch (IllegalArgumentException e) {
            throw new IOException("target profile " + profile + ": " + e.getMessage(), e);
        }
    }

    void tickUntilClosed() {
        ticking = Thread.currentThread();
        while (!closed.get()) {
            try {
                Thread.sleep(options.interval().toMillis());
            } catch (InterruptedException e) {
                break;
            }
            if (!closed.get()) {
                tick();
            }
        }
    }

    private synchronized void tick() {
        processes.refresh();
        if (gc != null) {
            gc.follow(processes.current("server").map(ProcessHandle::pid));
        }
        if (affinity != null) {
            affinity.record(processes.running());
        }
        for (CpuSampler s : samplers) {
            try {
                s.sampleOnce();
            } catch (IOException e) {
                log("cannot write a CPU sample: " + e.getMessage());
            }
        }
    }

    /** Stops ticking, takes a last sample, ends the GC recording and disconnects; once. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        Thread t = ticking;
        if (t != null && t != Thread.currentThread()) {
            t.interrupt();
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            processes.refresh();
            for (CpuSampler s : samplers) {
                try {
                    s.close();
                } catch (IOException e) {
                    log("cannot close a CPU series: " + e.getMessage());
                }
            }
            engineStreams.forEach(PerfMonStream::close);
            if (affinity != null) {
                affinity.close();
            }
            if (gc != null) {
                gc.close();
            }
            if (connection != null) {
                connection.close();
            }
        }
        log("stopped");
    }

    private static void log(String line) {
        System.out.println(Instant.now() + " esb-bench monitor: " + line);
        System.out.flush();
    }
}
