package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.esbbench.report.dashboard.JMeterInstallation;

/**
 * The JMeter GUI on one plan, for the gui goal: its command line, the display it needs, where its Start sends, and
 * the process, which the build waits for and which goes with the build when Maven is stopped.
 */
public final class JMeterGui {
    private JMeterGui() {
    }

    /** The GUI's command line: JMeter's launcher without {@code -n}, on the plan, with every plan property. */
    public static List<String> command(String java, JMeterInstallation jmeter, int heapMb, Path plan, Path log,
                                       Map<String, String> properties) {
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heapMb + "m",
                "-jar", jmeter.launcherJar().toString(),
                "-t", plan.toString(), "-j", log.toString()));
        cmd.addAll(PlanProperties.asArguments(properties));
        return cmd;
    }

    /** On Linux a GUI needs an X display; say so now instead of in a HeadlessException from JMeter. */
    public static void requireDisplay() throws InvalidRunException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        boolean x11 = !os.contains("win") && !os.contains("mac");
        String display = System.getenv("DISPLAY");
        if (x11 && (display == null || display.isBlank())) {
            throw new InvalidRunException("the JMeter GUI needs a display and DISPLAY is not set (on a machine"
                    + " without one: scripts/gui-screenshot.sh opens it under Xvfb)");
        }
    }

    /** Where Start sends, and whether anything listens there now (the gui goal starts no server). */
    public static String describeTarget(RunnablePlan chosen, Map<String, String> properties) {
        boolean jms = chosen.scenario().map(s -> !s.isHttp()).orElse(false);
        String host;
        int port;
        String where;
        if (jms) {
            URI broker = URI.create(properties.get("jmsUrl"));
            host = broker.getHost();
            port = broker.getPort();
            where = "queue " + properties.get("path") + " at " + broker;
        } else {
            host = properties.get("host");
            port = Integer.parseInt(properties.get("port"));
            where = properties.getOrDefault("protocol", "http") + "://" + host + ":" + port
                    + properties.getOrDefault("path", " (the plan's own path)");
        }
        boolean listening;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 500);
            listening = true;
        } catch (IOException | RuntimeException e) {
            listening = false;
        }
        return "Start sends to " + where + (listening ? " (something listens there now)" : "; nothing listens on "
                + host + ":" + port + " now (this goal starts no server: start the target before pressing Start)");
    }

    /** The command as a shell would take it back, for the log. */
    public static String quoted(List<String> cmd) {
        return cmd.stream().map(a -> a.matches("[A-Za-z0-9_./:=,@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }

    /**
     * Runs the GUI in {@code workDir}, its pid in {@code pidFile} while it is open, until it is closed; returns its
     * exit code. Maven stopped (Ctrl+C, kill): the GUI goes with it rather than outliving the build.
     */
    public static int runUntilClosed(List<String> cmd, Path workDir, Path pidFile) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .inheritIO()
                .start();
        Files.writeString(pidFile, process.pid() + "\n");
        Thread stopGui = new Thread(process::destroy, "stop-jmeter-gui");
        Runtime.getRuntime().addShutdownHook(stopGui);
        try {
            return process.waitFor();
        } finally {
            if (process.isAlive()) {
                process.destroy();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(stopGui);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            Files.deleteIfExists(pidFile);
        }
    }
}
