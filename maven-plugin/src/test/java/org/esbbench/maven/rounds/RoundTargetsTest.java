package org.esbbench.maven.rounds;

import org.esbbench.core.Scenario;
import org.esbbench.maven.parameters.InvalidRunException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoundTargetsTest {
    private static final List<Scenario> ROUND = List.of(Scenario.DIRECT, Scenario.byId("cbr-body"), Scenario.byId("rest"));

    @TempDir
    Path targets;

    @Test
    void eachTargetRunsTheRoundsScenariosItsProfileServesAndTheOthersAreNamed() throws Exception {
        profile("proxy", "scenarios=direct,cbr-transport-header,rest");
        profile("esb", "");

        RoundTargets round = RoundTargets.parse(" esb, proxy ", targets, ROUND);

        assertThat(round.names()).containsExactly("esb", "proxy");
        assertThat(round.served().get("esb")).containsExactly("direct", "cbr-body", "rest");
        assertThat(round.notServed().get("esb")).isEmpty();
        assertThat(round.served().get("proxy")).containsExactly("direct", "rest");
        assertThat(round.notServed().get("proxy")).containsExactly("cbr-body");
    }

    @Test
    void aTargetThatServesNoneOfTheScenariosATargetNamedTwiceAndAnUnknownOneAreRefused() throws Exception {
        profile("jmsonly", "scenarios=jms");
        profile("esb", "");

        assertThatThrownBy(() -> RoundTargets.parse("esb,jmsonly", targets, ROUND)).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("target 'jmsonly' serves none of the round's scenarios (direct,cbr-body,rest)")
                .hasMessageContaining("scenarios=jms");
        assertThatThrownBy(() -> RoundTargets.parse("esb,esb", targets, ROUND))
                .hasMessageContaining("target 'esb' is named twice");
        assertThatThrownBy(() -> RoundTargets.parse("esb,nosuch", targets, ROUND))
                .hasMessageContaining("unknown target 'nosuch'").hasMessageContaining("available:");
        assertThatThrownBy(() -> RoundTargets.parse(" , ", targets, ROUND)).hasMessageContaining("no target named");
    }

    private void profile(String name, String scenarios) throws IOException {
        Files.writeString(targets.resolve(name + ".properties"), """
                description=%s
                host=127.0.0.1
                port=8280
                %s
                """.formatted(name, scenarios));
    }
}
