package org.esbbench.maven;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JMeterCommandTest {

    @TempDir
    Path dir;

    @Test
    void theTargetProfileAndThePointReachJMeterAsProperties() throws Exception {
        Path targets = Files.createDirectories(dir.resolve("targets"));
        Files.writeString(targets.resolve("mine.properties"), """
                start=false
                host=10.0.0.5
                port=18280
                protocol=https
                jms.provider.url=tcp://10.0.0.5:61617
                endpoint.direct=/esb/proxy
                endpoint.jms=bench.in
                """);
        TargetProfile profile = TargetProfile.load(targets, "mine");
        RunPlan plan = RunPlan.parse("direct,jms", "10,20", "2048", "0", "2", "60", "120", "512m");
        JMeterInstallation jmeter = new JMeterInstallation(dir, dir.resolve("bin/ApacheJMeter-5.6.3.jar"));

        List<String> direct = JMeterCommand.of(jmeter, dir.resolve("jmx"), 1024, plan, profile,
                new Point("direct", 20, 2048, 0), dir.resolve("a.csv"), dir.resolve("a.log"), dir.resolve("p.csv"));
        List<String> jms = JMeterCommand.of(jmeter, dir.resolve("jmx"), 1024, plan, profile,
                new Point("jms", 10, 2048, 0), dir.resolve("b.csv"), dir.resolve("b.log"), dir.resolve("p.csv"));

        assertThat(direct).contains("-Jhost=10.0.0.5", "-Jport=18280", "-Jprotocol=https", "-Jpath=/esb/proxy",
                "-Jusers=20", "-Jsize=2048", "-Jwarmup=60", "-Jmeasurement=120", "-Xmx1024m", "-n",
                dir.resolve("jmx/direct.jmx").toString());
        assertThat(jms).contains("-JjmsUrl=tcp://10.0.0.5:61617", "-Jpath=bench.in", "-Jusers=10",
                dir.resolve("jmx/jms.jmx").toString());
    }
}
