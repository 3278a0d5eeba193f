package org.esbbench.maven.scenario;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.report.dashboard.JMeterInstallation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of one headless JMeter scenario run: the plan, the results file and log, and every plan
 * parameter as a JMeter property (-J) from {@link PlanProperties}, the one channel to the plans.
 */
public final class JMeterCommand {
    /** The init script of a local JMeter (the open model's early end), relative to the project root. */
    public static final String RUN_INIT_SCRIPT = "scripts/jmeter/run-init.groovy";

    private JMeterCommand() {
    }

    /**
     * @param initScript  JMeter's {@code jsr223.init.file} for the run ({@code scripts/jmeter/run-init.groovy}: the
     *                    open model's end), or null for none
     * @param loadSeconds how long the load lasts from the thread groups' start (the open model's end reads it)
     */
    public static List<String> of(JMeterInstallation jmeter, int heapMb, Path plan, Map<String, String> properties, Path jtl,
                           Path log, Path initScript, long loadSeconds) {
        return of(jmeter, heapMb, List.of(), plan, properties, jtl, log, initScript, loadSeconds);
    }

    /**
     * The same with JVM flags of its own before the launcher's: the compiler settings of a capacity search's short
     * probes ({@code org.esbbench.maven.capacity.ProbeJvm}).
     */
    public static List<String> of(JMeterInstallation jmeter, int heapMb, List<String> jvmFlags, Path plan,
                                  Map<String, String> properties, Path jtl, Path log, Path initScript, long loadSeconds) {
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(),
                "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-Djava.awt.headless=true"));
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-jar", jmeter.launcherJar().toString(),
                "-n", "-t", plan.toString(), "-l", jtl.toString(), "-j", log.toString(),
                // JMeter 5.6.3 can leave a non-daemon thread behind once its test has ended (seen with the open
                // model's thread group): without this the JVM never exits and the run waits for its deadline.
                "-Jjmeterengine.force.system.exit=true",
                // JMeter's non-GUI UDP stop port (4445 up) listens on every interface; nothing sends to a local
                // JMeter there (the run stops it as a process), so it stays closed: 1000 or less disables it.
                "-Jjmeterengine.nongui.port=0",
                // The Microsecond Timing column at the results file's end, after a user's own sample variables.
                SampleVariables.argument(jmeter)));
        if (initScript != null) {
            cmd.add("-Jjsr223.init.file=" + initScript);
            cmd.add("-Jesbbench.loadSeconds=" + loadSeconds);
        }
        cmd.addAll(PlanProperties.asArguments(properties));
        return cmd;
    }

    /**
     * How the client of a distributed run reaches its engines.
     *
     * @param engines       the engines' -R addresses, in -Dgenerators order
     * @param rmiProperties config/rmi/rmi.properties (loaded with -q; the keystore password stays in it)
     * @param clientAddress the client's java.rmi.server.hostname, the address the engines call back
     * @param clientPort    client.rmi.localport (0 = any)
     * @param ssl           false only for loopback engines
     * @param mode          the sample sender mode
     * @param stopPort      the loopback UDP port the client listens on for StopTestNow (the run goal's stop)
     * @param runId         the run's id, on the command line so that every process of the run can be found
     */
    public record Remote(List<String> engines, Path rmiProperties, String clientAddress, int clientPort, boolean ssl,
                  String mode, int stopPort, String runId) {
    }

    /**
     * The JMeter client of one scenario run on remote engines: it sends the plan to every engine of {@code remote},
     * the scenario run's properties as global properties ({@code engineProperties}, -G, no paths) and receives
     * their samples into the one results file. The client keeps {@code clientProperties} (-J): the plan's gates
     * and the files only it writes are resolved on the client. Runs in config/rmi (the keystore's relative name).
     */
    public static List<String> remote(JMeterInstallation jmeter, int heapMb, Path plan, Map<String, String> clientProperties,
                               Map<String, String> engineProperties, Path jtl, Path log, Remote remote) {
        List<String> cmd = new ArrayList<>(List.of(JvmCommand.java(),
                "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-Djava.awt.headless=true",
                "-Djava.rmi.server.hostname=" + remote.clientAddress(), "-Desbbench.run=" + remote.runId(),
                "-jar", jmeter.launcherJar().toString(),
                "-n", "-t", plan.toString(), "-l", jtl.toString(), "-j", log.toString(),
                "-R", String.join(",", remote.engines()),
                "-q", remote.rmiProperties().toString(),
                "-Jclient.rmi.localport=" + remote.clientPort(),
                // An engine that cannot be reached fails the scenario run instead of running it on fewer engines.
                "-Jclient.tries=1", "-Jclient.continue_on_fail=false",
                "-Jmode=" + remote.mode(), "-Jasynch.batch.queue.size=1000",
                // StopTestNow from the run goal: the client relays it to every engine.
                "-Jjmeterengine.nongui.port=" + remote.stopPort(), "-Jjmeterengine.nongui.maxport=" + remote.stopPort(),
                // The client writes the results file's header, the engines build the samples' events with the
                // variables' values: both need the same sample_variables (-G reaches engines started by hand too).
                SampleVariables.argument(jmeter), SampleVariables.globalArgument(jmeter)));
        if (!remote.ssl()) {
            cmd.add("-Jserver.rmi.ssl.disable=true");
        }
        cmd.addAll(PlanProperties.asArguments(clientProperties));
        cmd.addAll(PlanProperties.asGlobalArguments(engineProperties));
        return cmd;
    }
}
