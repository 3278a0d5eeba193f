package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanPropertiesTest {

    @TempDir
    Path dir;

    private TargetProfile profile() throws Exception {
        Path targets = Files.createDirectories(dir.resolve("targets"));
        Files.writeString(targets.resolve("mine.properties"), """
                start=false
                host=10.0.0.5
                port=18280
                protocol=https
                jms.provider.url=tcp://10.0.0.5:61617
                jms.jndi.factory=org.apache.activemq.jndi.ActiveMQInitialContextFactory
                jms.connection.factory=jms/BenchFactory
                endpoint.direct=/esb/proxy
                endpoint.jms=bench.in
                endpoint.my-plan=/custom
                """);
        return TargetProfile.load(targets, "mine");
    }

    private RunParameters run(String plans) throws Exception {
        Map<String, String> values = new java.util.HashMap<>(Map.of("scenarios", "direct,jms", "plans", plans,
                "model", "closed,open", "users", "10,20", "rate", "50", "size", "2048", "warmup", "60"));
        values.putAll(Map.of("measurement", "120", "rampup", "30", "wsSuite", "classic", "wsMode", "fresh"));
        return RunParameters.parse(values, dir, dir.resolve("jmx"));
    }

    private static final PlanProperties.Files FILES = new PlanProperties.Files(Path.of("/p"), Path.of("/k"),
            Path.of("/perf.csv"), java.util.Optional.empty(), 4444);

    @Test
    void theTargetProfileThePointAndEveryPlanParameterReachJMeterAsProperties() throws Exception {
        RunParameters run = run("");
        Map<String, String> direct = PlanProperties.of(run, profile(), run.plan("direct"), new Point("direct", 20, 2048, 0), FILES);
        Map<String, String> jms = PlanProperties.of(run, profile(), run.plan("jms"), new Point("jms", 10, 2048, 0), FILES);

        assertThat(direct).containsEntry("host", "10.0.0.5").containsEntry("port", "18280")
                .containsEntry("protocol", "https").containsEntry("scenario", "direct").containsEntry("path", "/esb/proxy")
                .containsEntry("users", "20").containsEntry("rate", "0").containsEntry("rampup", "30")
                .containsEntry("hold", Long.toString(60 + 120 + RunParameters.TAIL_SECONDS - 30))
                .containsEntry("duration", Long.toString(60 + 120 + RunParameters.TAIL_SECONDS)).containsEntry("drain", "0")
                .containsEntry("size", "2048").containsEntry("wsSuite", "classic").containsEntry("wsMode", "fresh")
                .containsEntry("payloadDir", "/p").containsEntry("keystoreDir", "/k")
                .doesNotContainKey("perfmonHost");
        assertThat(jms).containsEntry("jmsUrl", "tcp://10.0.0.5:61617").containsEntry("path", "bench.in")
                .containsEntry("jmsJndiFactory", "org.apache.activemq.jndi.ActiveMQInitialContextFactory")
                .containsEntry("jmsConnectionFactory", "jms/BenchFactory")
                .containsEntry("users", "10");
        assertThat(PlanProperties.NAMES).containsAll(direct.keySet()).containsAll(jms.keySet());
    }

    @Test
    void theOpenModelGetsItsRateAndTheClosedGroupNothingToDo() throws Exception {
        RunParameters run = run("");
        Map<String, String> open = PlanProperties.of(run, profile(), run.plan("direct"), Point.open("direct", 50, 2048, 0), FILES);
        assertThat(open).containsEntry("model", "open").containsEntry("rate", "50").containsEntry("users", "0")
                .containsEntry("rampup", "0").containsEntry("duration", Long.toString(60 + 120 + RunParameters.TAIL_SECONDS + RunParameters.OPEN_MODEL_SLACK_SECONDS))
                // Replies in flight when the arrivals end get the response timeout (30 s by default) to arrive.
                .containsEntry("drain", "30");
    }

    @Test
    void aPlanOfOnesOwnGetsNoScenarioAndOnlyThePathItsProfileGivesIt() throws Exception {
        Files.createDirectories(dir.resolve("mine"));
        Files.writeString(dir.resolve("mine/my-plan.jmx"), "");
        Files.writeString(dir.resolve("mine/other.jmx"), "");
        RunParameters run = run("mine");
        Map<String, String> mine = PlanProperties.of(run, profile(), run.plan("my-plan"), new Point("my-plan", 10, 2048, 0), FILES);
        Map<String, String> other = PlanProperties.of(run, profile(), run.plan("other"), new Point("other", 10, 2048, 0), FILES);
        assertThat(mine).doesNotContainKey("scenario").containsEntry("path", "/custom").containsEntry("host", "10.0.0.5");
        assertThat(other).doesNotContainKey("scenario").doesNotContainKey("path");
    }

    @Test
    void theCommandLinePassesEveryPropertyAndEndsTheJvmWithTheTest() throws Exception {
        RunParameters run = run("");
        Map<String, String> props = PlanProperties.of(run, profile(), run.plan("direct"), new Point("direct", 20, 2048, 0), FILES);
        JMeterInstallation jmeter = new JMeterInstallation(dir, dir.resolve("bin/ApacheJMeter-5.6.3.jar"));
        List<String> cmd = JMeterCommand.of(jmeter, 1024, run.plan("direct").file(), props, dir.resolve("a.csv"), dir.resolve("a.log"),
                dir.resolve("run-init.groovy"), 1202);
        assertThat(cmd).contains("-Xmx1024m", "-n", dir.resolve("jmx/soap-http.jmx").toString(), "-Jscenario=direct", "-Jjmeterengine.nongui.port=0",
                "-Jpath=/esb/proxy", "-Jusers=20", "-Jjmeterengine.force.system.exit=true",
                "-Jjsr223.init.file=" + dir.resolve("run-init.groovy"), "-Jesbbench.loadSeconds=1202",
                // The Microsecond Timing column: this JMeter home sets no sample_variables of its own.
                "-Jsample_variables=elapsed_us,intended_us,taken_us,blocked_us,lateness_us,response_us");
        assertThat(cmd.stream().filter(a -> a.startsWith("-J") && !a.startsWith("-Jjmeterengine")
                && !a.startsWith("-Jjsr223") && !a.startsWith("-Jesbbench.") && !a.startsWith("-Jsample_variables=")))
                .hasSize(props.size());
    }

    @Test
    void jvmFlagsOfItsOwnGoToTheJvmNotToJMeter() throws Exception {
        RunParameters run = run("");
        Map<String, String> props = PlanProperties.of(run, profile(), run.plan("direct"), new Point("direct", 20, 2048, 0), FILES);
        JMeterInstallation jmeter = new JMeterInstallation(dir, dir.resolve("bin/ApacheJMeter-5.6.3.jar"));
        List<String> cmd = JMeterCommand.of(jmeter, 1024, List.of("-XX:TieredStopAtLevel=1"), run.plan("direct").file(),
                props, dir.resolve("a.csv"), dir.resolve("a.log"), null, 60);
        // A JVM flag after -jar would be JMeter's argument, which JMeter refuses.
        assertThat(cmd.indexOf("-XX:TieredStopAtLevel=1")).isPositive().isLessThan(cmd.indexOf("-jar"));
        assertThat(JMeterCommand.of(jmeter, 1024, run.plan("direct").file(), props, dir.resolve("a.csv"),
                dir.resolve("a.log"), null, 60)).noneMatch(a -> a.startsWith("-XX:TieredStopAtLevel"));
    }
}
