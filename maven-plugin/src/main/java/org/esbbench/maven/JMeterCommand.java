package org.esbbench.maven;

import org.esbbench.core.Scenario;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;

import java.nio.file.Path;
import java.util.List;

/**
 * The command line of one headless JMeter scenario run. Everything that differs between runs is passed as a
 * JMeter property (-J): the point, the windows, and where to send from the target profile. The laid-out
 * JMeter's user.properties cannot carry the target: it holds the pom's values as Maven read them when the build
 * started, before esb-bench:check could set them from the profile.
 */
final class JMeterCommand {
    private JMeterCommand() {
    }

    static List<String> of(JMeterInstallation jmeter, Path plansDir, int heapMb, RunPlan plan, TargetProfile profile,
                           Point point, Path jtl, Path log, Path perfmonFile) throws InvalidRunException {
        return List.of(ServerLauncher.java(),
                "-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-Djava.awt.headless=true",
                "-jar", jmeter.launcherJar().toString(),
                "-n", "-t", plansDir.resolve(point.scenario() + ".jmx").toAbsolutePath().toString(),
                "-l", jtl.toString(), "-j", log.toString(),
                "-Jhost=" + profile.host(), "-Jport=" + profile.port(), "-Jprotocol=" + profile.protocol(),
                "-JjmsUrl=" + profile.jmsProviderUrl(),
                "-Jpath=" + profile.endpoint(Scenario.byId(point.scenario())),
                "-Jusers=" + point.users(), "-Jsize=" + point.sizeBytes(), "-Jdelay=" + point.delayMs(),
                "-Jwarmup=" + plan.warmupSeconds(), "-Jmeasurement=" + plan.measurementSeconds(),
                // Only written when -DperfmonHost names a PerfMon agent.
                "-JperfmonFile=" + perfmonFile);
    }
}
