package org.esbbench.maven.management;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Test helper: {@link GarbageMaker} as a child JVM with its management connector on loopback, as the suite opens it. */
public final class GarbageMakerJvm implements AutoCloseable {
    private final List<Process> children = new ArrayList<>();

    public Process start(int agentPort, Path log) throws IOException, URISyntaxException {
        Path classes = Path.of(GarbageMaker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m", "-Xmx64m", "-XX:+UseG1GC"));
        cmd.addAll(ManagementAgentFlags.forLoopback(AgentJar.writeTo(log.toAbsolutePath().getParent()), agentPort));
        cmd.addAll(List.of("-cp", classes.toString(), GarbageMaker.class.getName(), "120"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        children.add(p);
        return p;
    }

    /**
     * The same with the JDK's out-of-the-box agent on loopback (what the suite used before its own connector): to
     * show what that one listens on besides.
     */
    public Process startWithJdkAgent(int agentPort, Path log) throws IOException, URISyntaxException {
        Path classes = Path.of(GarbageMaker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m", "-Xmx64m",
                "-Dcom.sun.management.jmxremote.port=" + agentPort,
                "-Dcom.sun.management.jmxremote.rmi.port=" + agentPort,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.local.only=true"));
        cmd.addAll(List.of("-cp", classes.toString(), GarbageMaker.class.getName(), "120"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        children.add(p);
        return p;
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
