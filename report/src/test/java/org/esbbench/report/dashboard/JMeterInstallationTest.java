package org.esbbench.report.dashboard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JMeterInstallationTest {
    @TempDir
    Path dir;

    private Path home(String name, String launcher) throws IOException {
        Path home = dir.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.createFile(home.resolve("bin").resolve(launcher));
        Files.createFile(home.resolve("bin/jmeter.properties"));
        return home;
    }

    @Test
    void findsTheLauncherJarInBin() throws IOException {
        Path home = home("apache-jmeter", "ApacheJMeter.jar");

        assertThat(JMeterInstallation.of(home).launcherJar()).isEqualTo(home.resolve("bin/ApacheJMeter.jar"));
    }

    @Test
    void saysWhyAFolderIsNotAJMeterHome() throws IOException {
        Files.createDirectories(dir.resolve("empty/bin"));
        assertThatThrownBy(() -> JMeterInstallation.of(dir.resolve("empty")))
            .isInstanceOf(IOException.class).hasMessageContaining("no ApacheJMeter*.jar");
        assertThatThrownBy(() -> JMeterInstallation.of(dir.resolve("nowhere")))
            .isInstanceOf(IOException.class).hasMessageContaining("no bin/ folder");
    }

    @Test
    void prefersTheSuitesOwnLayoutThatIsStillOnDisk() throws IOException {
        Path suites = home("a/jmeter", "ApacheJMeter-5.6.3.jar");
        Path other = home("b/jmeter", "ApacheJMeter-5.6.3.jar");
        Path config = Files.writeString(dir.resolve("config.json"), """
            {"configurations":[
              {"executionID":"configuration","jmeterDirectoryPath":"%s","runtimeJarName":"ApacheJMeter-5.6.3.jar"},
              {"executionID":"default-cli","jmeterDirectoryPath":"%s","runtimeJarName":"ApacheJMeter-5.6.3.jar"},
              {"executionID":"configuration","jmeterDirectoryPath":"%s","runtimeJarName":"ApacheJMeter-5.6.3.jar"}
            ]}""".formatted(suites, other, dir.resolve("deleted/jmeter")));

        JMeterInstallation found = JMeterInstallation.fromPluginConfig(config);

        assertThat(found.home()).isEqualTo(suites);
        assertThat(found.launcherJar()).isEqualTo(suites.resolve("bin/ApacheJMeter-5.6.3.jar"));
    }

    @Test
    void explainsAMissingOrStaleConfig() throws IOException {
        assertThatThrownBy(() -> JMeterInstallation.fromPluginConfig(dir.resolve("config.json")))
            .isInstanceOf(IOException.class).hasMessageContaining("is missing").hasMessageContaining("jmeter:configure");
        Path stale = Files.writeString(dir.resolve("stale.json"),
            "{\"configurations\":[{\"executionID\":\"configuration\",\"jmeterDirectoryPath\":\"" + dir.resolve("gone") + "\"}]}");
        assertThatThrownBy(() -> JMeterInstallation.fromPluginConfig(stale))
            .isInstanceOf(IOException.class).hasMessageContaining("still on disk");
    }
}
