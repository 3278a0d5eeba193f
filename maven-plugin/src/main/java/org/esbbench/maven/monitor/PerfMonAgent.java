package org.esbbench.maven.monitor;

import org.esbbench.maven.processes.JvmCommand;
import java.util.concurrent.atomic.AtomicReference;
import org.esbbench.maven.processes.Deadline;
import org.esbbench.maven.processes.OnStarted;
import org.esbbench.maven.processes.Readiness;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.targets.PerfMonTarget;
import org.esbbench.maven.targets.TargetProfile;
import java.util.Optional;
import org.esbbench.report.folder.PerfMonAgentFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The PerfMon ServerAgent (kg.apc perfmon 2.2.2): its command from the folder the suite's build lays it out in
 * ({@code lib/} with the agent and the few jars it loads, {@code native/} with SIGAR's library), and the check
 * that an agent answers, the collector's own first exchange ({@code test} answered by {@code Yep}). The agent's
 * old dependencies stay in that folder: never JMeter's lib, never the plugin's classpath.
 *
 * <p>The agent's own launcher binds its TCP port on every interface (it has no option to bind one), and the agent
 * runs commands for a client that asks for its {@code exec} metric. The suite therefore starts it through the
 * project's launcher {@code scripts/perfmon/BoundPerfMonAgent.java} (Java's source-file mode, the agent's jars on
 * the class path), which binds the port on loopback only and hands it to the agent's worker.
 */
public final class PerfMonAgent {
    public static final String NAME = "perfmon-agent";
    /** The project's launcher that binds the agent's port on one address, relative to the checkout's root. */
    public static final String LAUNCHER = "scripts/perfmon/BoundPerfMonAgent.java";
    /** Small: the agent holds a socket and SIGAR's readings. */
    static final List<String> JVM_FLAGS = List.of("-Xms16m", "-Xmx64m", "-XX:+UseSerialGC");

    /** How long a PerfMon agent may take to answer: one the suite started (a small JVM), or one on another host. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration REMOTE_TIMEOUT = Duration.ofSeconds(10);

    private PerfMonAgent() {
    }

    /**
     * The profile's PerfMon agent ({@link PerfMonTarget}): started here on loopback for perfmon=start, or checked
     * to answer on its host; either way recorded in the run folder ({@link PerfMonAgentFile}) for the analysis.
     * Nothing without a perfmon key.
     *
     * @param agentDir where the suite's build laid out the agent (lib/, native/)
     */
    public static void startOrCheck(Path root, Path agentDir, RunLayout layout, TargetProfile profile,
                                    OnStarted onStarted, BuildLog log) throws InvalidRunException, IOException {
        Optional<PerfMonTarget> target = PerfMonTarget.of(profile);
        if (target.isEmpty()) {
            return;
        }
        PerfMonTarget agent = target.get();
        ManagedProcess process = null;
        if (agent.start()) {
            Readiness.requireFreePort("PerfMon agent", agent.host(), agent.port());
            process = ManagedProcess.start(NAME,
                    org.esbbench.maven.cores.RunCpus.of(layout).harness(command(root, agentDir, agent.port())), agentDir,
                    layout.processOutput(NAME));
            onStarted.accept(process);
        }
        Duration took = awaitAnswer(agent.host(), agent.port(), process, agent.start() ? START_TIMEOUT : REMOTE_TIMEOUT);
        new PerfMonAgentFile(agent.address(), agent.start(), agent.cores()).write(layout.dir());
        log.info((agent.start() ? process + " (PerfMon agent) answering" : "PerfMon agent at " + agent.address()
                + " answering") + " after " + took.toMillis() + " ms: the plans record its host CPU and memory"
                + agent.cores().stream().mapToObj(c -> " (" + c + " cores)").findFirst().orElse(""));
    }

    /**
     * The agent's command on {@code port} of loopback, no UDP port, through the bound launcher under {@code root};
     * run it from {@code agentDir}.
     */
    public static List<String> command(Path root, Path agentDir, int port) throws InvalidRunException {
        Path lib = agentDir.resolve("lib");
        Path nativeDir = agentDir.resolve("native");
        if (!Files.isDirectory(lib) || !Files.isDirectory(nativeDir)) {
            throw new InvalidRunException("the PerfMon agent is not laid out in " + agentDir + " (lib/ and native/):"
                    + " the suite module's build copies it there (mvn -pl suite process-resources)");
        }
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(JvmCommand.java());
        cmd.addAll(JVM_FLAGS);
        cmd.add("-Djava.library.path=" + nativeDir);
        cmd.add("-cp");
        cmd.add(lib + File.separator + "*");
        Path launcher = root.resolve(LAUNCHER);
        if (!Files.isRegularFile(launcher)) {
            throw new InvalidRunException("the PerfMon agent's launcher " + launcher + " is missing");
        }
        cmd.add(launcher.toString());
        cmd.addAll(List.of("--bind", "127.0.0.1", "--port", Integer.toString(port)));
        return cmd;
    }

    /**
     * Waits until the agent at host:port answers {@code test} with {@code Yep}.
     *
     * @param process the started agent, to give up early when it exited; null for an agent on another host
     * @return how long it took
     */
    public static Duration awaitAnswer(String host, int port, ManagedProcess process, Duration timeout)
            throws InvalidRunException {
        Deadline deadline = Deadline.in(timeout);
        AtomicReference<String> last = new AtomicReference<>("no attempt");
        boolean answered;
        try {
            answered = deadline.await(Duration.ofMillis(200), () -> {
                try {
                    if (answers(host, port)) {
                        return true;
                    }
                    last.set("it answered, but not Yep");
                } catch (IOException e) {
                    last.set(e.toString());
                }
                if (process != null && !process.isAlive()) {
                    throw new InvalidRunException("the PerfMon agent exited; its log " + process.log()
                            + " ends with:\n" + process.logTail(20));
                }
                return false;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InvalidRunException("interrupted while waiting for the PerfMon agent");
        }
        if (answered) {
            return deadline.elapsed();
        }
        throw new InvalidRunException("no PerfMon agent answered at " + host + ":" + port + " within "
                + timeout.toSeconds() + " s (" + last.get() + ")" + (process == null
                ? ": start it on that host (scripts/perfmon-agent.sh, see the README) or fix the profile's perfmon="
                : "; its log " + process.log() + " ends with:\n" + process.logTail(20)));
    }

    /** One exchange as the collector opens it: {@code test}, expecting {@code Yep}; then {@code exit}. */
    static boolean answers(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
            socket.setSoTimeout(2000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out.write("test\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            String reply = in.readLine();
            out.write("exit\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            return "Yep".equals(reply == null ? null : reply.trim());
        }
    }
}
