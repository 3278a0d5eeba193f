package org.esbbench.maven;

import org.esbbench.report.dashboard.JMeterInstallation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of one headless JMeter scenario run: the plan, the results file and log, and every plan
 * parameter as a JMeter property (-J) from {@link PlanProperties}, the one channel to the plans.
 */
final class JMeterCommand {
    private JMeterCommand() {
    }

    static List<String> of(JMeterInstallation jmeter, int heapMb, Path plan, Map<String, String> properties, Path jtl,
                           Path log) {
        List<String> cmd = new ArrayList<>(List.of(ServerLauncher.java(),
                "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-Djava.awt.headless=true",
                "-jar", jmeter.launcherJar().toString(),
                "-n", "-t", plan.toString(), "-l", jtl.toString(), "-j", log.toString(),
                // JMeter 5.6.3 can leave a non-daemon thread behind once its test has ended (seen with the open
                // model's thread group): without this the JVM never exits and the run waits for its deadline.
                "-Jjmeterengine.force.system.exit=true"));
        cmd.addAll(PlanProperties.asArguments(properties));
        return cmd;
    }
}
