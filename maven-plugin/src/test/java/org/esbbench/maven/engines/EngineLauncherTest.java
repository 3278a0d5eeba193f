package org.esbbench.maven.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineLauncherTest {

    @Test
    void eachEngineHasItsPortsReplyQueueHookAndRunIdAndNoSecret(@TempDir Path dir) {
        RunLayout layout = new RunLayout(dir.resolve("20261123-120000-reference"));
        EngineLauncher launcher = new EngineLauncher(Path.of("/checkout"), layout,
                new JMeterInstallation(Path.of("/jm"), Path.of("/jm/bin/ApacheJMeter-5.6.3.jar")),
                Path.of("/checkout/config/rmi"), 256, true, line -> { });

        List<String> cmd = launcher.command("engine-2", 50003, 50004);

        assertThat(cmd).containsSubsequence("-jar", "/jm/bin/ApacheJMeter-5.6.3.jar", "-s");
        assertThat(cmd).containsSubsequence("-q", "/checkout/config/rmi/rmi.properties");
        assertThat(cmd).contains("-Xms256m", "-Xmx256m", "-Djava.rmi.server.hostname=127.0.0.1",
                "-Desbbench.run=20261123-120000-reference", "-Desbbench.engine=engine-2",
                "-Jserver_port=50003", "-Jserver.rmi.localport=50004",
                "-Jjsr223.init.file=/checkout/scripts/jmeter/engine-init.groovy",
                "-JpayloadDir=/checkout/data/generated", "-JkeystoreDir=/checkout/config/keystores",
                "-JreplyQueue=perf.reply.engine-2");
        assertThat(String.join(" ", cmd)).doesNotContain("password").doesNotContain("ssl.disable");
        assertThat(new EngineLauncher(Path.of("/c"), layout, new JMeterInstallation(Path.of("/jm"),
                Path.of("/jm/bin/ApacheJMeter-5.6.3.jar")), Path.of("/c/config/rmi"), 256, false, l -> { })
                .command("engine-1", 1, 2)).contains("-Jserver.rmi.ssl.disable=true");
    }
}
