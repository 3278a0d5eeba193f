package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.esbbench.core.wssec.AlgorithmSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class EsbSettingsTest {

    @Test
    void defaultsMatchTheScenarioCatalogue() throws Exception {
        EsbSettings settings = EsbSettings.defaults();

        assertThat(settings.httpBind()).isEqualTo("127.0.0.1");
        assertThat(settings.httpPort()).isEqualTo(8280);
        assertThat(settings.get("esb.backend.url")).isEqualTo("http://127.0.0.1:8688/service/EchoService");
        assertThat(settings.brokerUrl()).isEqualTo("tcp://127.0.0.1:61616");
        assertThat(settings.brokerPersistence()).isFalse();
        assertThat(settings.jmsRequestQueue()).isEqualTo("perf.request");
        assertThat(settings.algorithmSuite()).isEqualTo(AlgorithmSuite.MODERN);
    }

    @Test
    void flagsOverrideTheFileWhichOverridesTheBundledDefaults(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("esb.properties");
        Files.writeString(file, "esb.http.port=9000\nesb.jms.consumers=4\n");
        ReferenceEsbCommand command = new ReferenceEsbCommand();
        new CommandLine(command).parseArgs("--config", file.toString(), "--port", "9100",
                "--algorithm-suite", "classic", "--set", "esb.endpoint.jms=queue.in");

        EsbSettings settings = EsbSettings.load(command.config, command.overrides());

        assertThat(settings.httpPort()).isEqualTo(9100);
        assertThat(settings.getInt("esb.jms.consumers")).isEqualTo(4);
        assertThat(settings.algorithmSuite()).isEqualTo(AlgorithmSuite.CLASSIC);
        assertThat(settings.jmsRequestQueue()).isEqualTo("queue.in");
        assertThat(command.brokerMode()).isEqualTo(BrokerMode.EMBEDDED);
    }

    @Test
    void badValuesAreNamed() throws Exception {
        EsbSettings settings = EsbSettings.load(null, Map.of("esb.http.port", "eighty", "esb.wssec.suite", "NEW"));

        assertThatThrownBy(settings::httpPort).hasMessageContaining("esb.http.port must be an integer, got 'eighty'");
        assertThatThrownBy(settings::algorithmSuite).hasMessageContaining("MODERN or CLASSIC, got 'NEW'");
        assertThatThrownBy(() -> EsbSettings.load(Path.of("/nonexistent/esb.properties"), Map.of()))
                .hasMessageContaining("not readable");
    }
}
