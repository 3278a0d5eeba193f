package org.esbbench.maven.targets;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.servers.ServerLauncher;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ShellWords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile's broker.command, broker.health and JMS settings, and what they make of the server's command line. */
class ExternalBrokerTest {

    @TempDir
    Path dir;

    private TargetProfile profile(String body) throws Exception {
        Path targets = Files.createDirectories(dir.resolve("targets"));
        Files.writeString(targets.resolve("t.properties"), body);
        return TargetProfile.load(targets, "t");
    }

    @Test
    void theCommandIsSplitLikeAShellWouldAndItsPlaceholdersFilledIn() throws Exception {
        TargetProfile profile = profile("""
                jms.provider.url=tcp://127.0.0.1:61626
                broker.command=${java} -Xmx128m -jar '${root}/my broker/broker.jar' --url tcp://${broker.host}:${broker.port}
                """);
        ExternalBroker broker = ExternalBroker.of(profile).orElseThrow();

        assertThat(broker.resolve(Path.of("/checkout"), profile.jmsProviderUrl())).containsExactly(
                JvmCommand.java(), "-Xmx128m", "-jar", "/checkout/my broker/broker.jar", "--url", "tcp://127.0.0.1:61626");
        // Without broker.health: the provider URL's port accepting connections.
        assertThat(broker.health()).isEqualTo(URI.create("tcp://127.0.0.1:61626"));
    }

    @Test
    void anUnknownPlaceholderIsRefusedByName() throws Exception {
        TargetProfile profile = profile("broker.command=${java} -jar ${home}/b.jar\n");
        assertThatThrownBy(() -> ExternalBroker.of(profile).orElseThrow().resolve(Path.of("/c"), profile.jmsProviderUrl()))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("${home}/b.jar").hasMessageContaining("${root}");
    }

    @Test
    void noCommandNoBrokerAndAnExplicitHealthIsKept() throws Exception {
        assertThat(ExternalBroker.of(profile("jms.provider.url=tcp://127.0.0.1:61616\n"))).isEmpty();
        assertThat(ExternalBroker.of(profile("broker.command=activemq start\nbroker.health=http://127.0.0.1:8161/\n"))
                .orElseThrow().health()).isEqualTo(URI.create("http://127.0.0.1:8161/"));
        TargetProfile quoted = profile("broker.command= a  \"b c\"d 'e'  \n");
        assertThat(ExternalBroker.of(quoted).orElseThrow().resolve(Path.of("/c"), quoted.jmsProviderUrl()))
                .isEqualTo(List.of("a", "b cd", "e"));
    }

    @Test
    void aBackslashEscapesInBrokerCommandAsInServerCommand() throws Exception {
        // The profile's value (a .properties file writes each backslash twice): a\ b "c \"d\"" ${root}/e\ f
        String line = "a\\\\ b \"c \\\\\"d\\\\\"\" ${root}/e\\\\ f";
        TargetProfile profile = profile("broker.command=" + line + "\nserver.command=" + line + "\n");

        List<String> broker = ExternalBroker.of(profile).orElseThrow().resolve(Path.of("/c"), profile.jmsProviderUrl());

        assertThat(broker).containsExactly("a b", "c \"d\"", "/c/e f");
        assertThat(broker).isEqualTo(ShellWords.split(profile.properties().getProperty("server.command"))
                .stream().map(w -> w.replace("${root}", "/c")).toList());
    }

    @Test
    void withoutJndiSettingsTheBrokerIsArtemisEmbeddedInTheStartedServer() throws Exception {
        TargetProfile profile = profile("start=true\n");
        JmsProvider jms = JmsProvider.of(profile);

        assertThat(jms.jndiFactory()).isEqualTo(JmsProvider.ARTEMIS_JNDI_FACTORY);
        assertThat(jms.connectionFactory()).isEqualTo("ConnectionFactory");
        assertThat(jms.embeddedIn(profile)).isTrue();
        assertThat(ServerLauncher.brokerArguments(jms, true)).isEmpty();
    }

    @Test
    void anotherBrokerTurnsTheServersEmbeddedBrokerOffAndGivesItTheProfilesJndiSettings() throws Exception {
        TargetProfile profile = profile("""
                start=true
                jms.provider.url=tcp://127.0.0.1:61626
                jms.jndi.factory=org.apache.activemq.jndi.ActiveMQInitialContextFactory
                broker.command=${java} -jar ${root}/activemq-classic/target/activemq-classic-broker.jar
                """);
        JmsProvider jms = JmsProvider.of(profile);

        assertThat(jms.isArtemis()).isFalse();
        assertThat(jms.embeddedIn(profile)).isFalse();
        assertThat(ServerLauncher.brokerArguments(jms, false)).containsExactly("--no-broker",
                "--jms-jndi-factory", "org.apache.activemq.jndi.ActiveMQInitialContextFactory",
                "--jms-connection-factory", "ConnectionFactory");
    }

    @Test
    void anArtemisBrokerTheProfileStartsItselfIsNotEmbeddedEither() throws Exception {
        TargetProfile profile = profile("broker.command=artemis run\n");
        assertThat(JmsProvider.of(profile).embeddedIn(profile)).isFalse();
    }
}
