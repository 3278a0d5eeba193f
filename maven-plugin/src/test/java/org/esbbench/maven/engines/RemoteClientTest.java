package org.esbbench.maven.engines;

import org.esbbench.maven.scenario.JMeterCommand;
import org.esbbench.maven.scenario.PlanProperties;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.junit.jupiter.api.Test;

/** The client of a distributed scenario run: -J for the client, -G for the engines, shares per engine. */
class RemoteClientTest {

    private static Map<String, String> properties(String users, String rate) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("host", "10.0.0.5");
        p.put("scenario", "direct");
        p.put("users", users);
        p.put("rate", rate);
        p.put("payloadDir", "/checkout/data/generated");
        p.put("keystoreDir", "/checkout/config/keystores");
        p.put("perfmonHost", "10.0.0.5");
        p.put("perfmonPort", "4444");
        p.put("perfmonFile", "/results/run/logs/perfmon-x.csv");
        return p;
    }

    private static final List<String> ENGINES = List.of("127.0.0.1:50001", "127.0.0.1:50003", "127.0.0.1:50005");

    @Test
    void enginesGetNoPathsNoLoadOfTheirOwnAndTheirSharesByAddress() {
        Map<String, String> g = PlanProperties.forEngines(properties("10", "0"), ENGINES);

        assertThat(g).doesNotContainKeys("payloadDir", "keystoreDir", "perfmonHost", "perfmonPort", "perfmonFile");
        assertThat(g.values()).noneSatisfy(v -> assertThat(v).startsWith("/"));
        assertThat(g).containsEntry("host", "10.0.0.5").containsEntry("scenario", "direct")
                .containsEntry("users", "0").containsEntry("rate", "0")
                .containsEntry("esbbench.share.users", "127.0.0.1:50001=4,127.0.0.1:50003=3,127.0.0.1:50005=3")
                .containsEntry("esbbench.share.rate", "127.0.0.1:50001=0,127.0.0.1:50003=0,127.0.0.1:50005=0");
        assertThat(PlanProperties.forEngines(properties("0", "100"), ENGINES))
                .containsEntry("esbbench.share.rate", "127.0.0.1:50001=34,127.0.0.1:50003=33,127.0.0.1:50005=33");
    }

    @Test
    void theClientCommandSendsGlobalPropertiesKeepsClientOnesAndCarriesNoSecret() {
        JMeterInstallation jmeter = new JMeterInstallation(Path.of("/jm"), Path.of("/jm/bin/ApacheJMeter-5.6.3.jar"));
        Map<String, String> client = properties("3", "0");
        Map<String, String> engines = PlanProperties.forEngines(client, ENGINES.subList(0, 2));
        List<String> cmd = JMeterCommand.remote(jmeter, 512, Path.of("/jmx/soap-http.jmx"), client, engines,
                Path.of("/r/jtl/x.csv"), Path.of("/r/logs/jmeter-x.log"), new JMeterCommand.Remote(ENGINES.subList(0, 2),
                        Path.of("/checkout/config/rmi/rmi.properties"), "127.0.0.1", 0, true, "StrippedAsynch", 4450, "run-1"));

        String line = String.join(" ", cmd);
        assertThat(cmd).containsSubsequence("-n", "-t", "/jmx/soap-http.jmx", "-l", "/r/jtl/x.csv");
        assertThat(cmd).containsSubsequence("-R", "127.0.0.1:50001,127.0.0.1:50003");
        assertThat(cmd).containsSubsequence("-q", "/checkout/config/rmi/rmi.properties");
        assertThat(cmd).contains("-Djava.rmi.server.hostname=127.0.0.1", "-Desbbench.run=run-1", "-Jmode=StrippedAsynch",
                "-Jclient.tries=1", "-Jclient.continue_on_fail=false", "-Jjmeterengine.nongui.port=4450",
                "-Jjmeterengine.nongui.maxport=4450", "-JpayloadDir=/checkout/data/generated", "-JperfmonHost=10.0.0.5",
                "-Gusers=0", "-Grate=0", "-Gesbbench.share.users=127.0.0.1:50001=2,127.0.0.1:50003=1", "-Ghost=10.0.0.5");
        assertThat(cmd).noneMatch(a -> a.startsWith("-GpayloadDir") || a.startsWith("-GperfmonFile"));
        assertThat(line).doesNotContain("password").doesNotContain("ssl.disable")
                .doesNotContain("jmeterengine.force.system.exit");
    }

    @Test
    void sslOffIsSaidToTheClient() {
        JMeterInstallation jmeter = new JMeterInstallation(Path.of("/jm"), Path.of("/jm/bin/ApacheJMeter-5.6.3.jar"));
        List<String> cmd = JMeterCommand.remote(jmeter, 512, Path.of("/p.jmx"), Map.of(), Map.of(), Path.of("/x.csv"),
                Path.of("/x.log"), new JMeterCommand.Remote(List.of("127.0.0.1:1"), Path.of("/rmi.properties"),
                        "127.0.0.1", 0, false, "StrippedBatch", 4450, "r"));
        assertThat(cmd).contains("-Jserver.rmi.ssl.disable=true", "-Jmode=StrippedBatch");
    }
}
