package org.esbbench.maven.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileBackendAndScenariosTest {
    @TempDir
    Path dir;

    private TargetProfile profile(String text) throws Exception {
        Files.writeString(dir.resolve("t.properties"), text);
        return TargetProfile.load(dir, "t");
    }

    @Test
    void anExternalTargetStillGetsTheBackendUnlessItsProfileSaysExternal() throws Exception {
        ProfileBackend started = ProfileBackend.of(profile("host=10.0.0.5\nbackend.url=http://10.0.0.9:8688/service/EchoService\nbackend.bind=0.0.0.0\n"));
        assertThat(started.starts()).isTrue();
        assertThat(started.bind()).isEqualTo("0.0.0.0");
        assertThat(started.port()).isEqualTo(8688);
        // A wildcard bind is checked for health on loopback.
        assertThat(started.healthUrl()).hasToString("http://127.0.0.1:8688/health");
        assertThat(ProfileBackend.of(profile("port=1\n")).bind()).isEqualTo("127.0.0.1");

        assertThat(ProfileBackend.of(profile("backend=external\n")).starts()).isFalse();
        assertThatThrownBy(() -> ProfileBackend.of(profile("backend=maybe\n")))
                .hasMessageContaining("backend=maybe is neither 'start'");
        assertThatThrownBy(() -> ProfileBackend.of(profile("start=true\nbackend=external\n")))
                .hasMessageContaining("backend=external with start=true");
    }

    @Test
    void allMeansTheProfilesScenariosAndSaysSo() throws Exception {
        TargetProfile p = profile("scenarios=direct, rest\n");
        List<String> log = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>(Map.of("scenarios", "all", "plans", ""));

        assertThat(ProfileScenarios.select(params, p, log::add)).containsEntry("scenarios", "direct,rest");
        assertThat(log).singleElement().asString().contains("-Dscenarios=all on target 't'", "direct,rest");
        // Left out (and no plans of one's own) is the same as all.
        assertThat(ProfileScenarios.select(Map.of("scenarios", "", "plans", ""), p, s -> { })).containsEntry("scenarios", "direct,rest");
        // An explicit choice is kept (and then checked).
        assertThat(ProfileScenarios.select(Map.of("scenarios", "rest", "plans", ""), p, s -> { })).containsEntry("scenarios", "rest");
        // A profile without the key serves everything.
        assertThat(ProfileScenarios.select(params, profile("port=1\n"), s -> { })).containsEntry("scenarios", "all");
    }

    @Test
    void aScenarioOutsideTheProfilesListIsRefusedNamingTheList() throws Exception {
        TargetProfile p = profile("scenarios=direct,cbr-transport-header,rest\n");
        ProfileScenarios.requireServed(List.of(Scenario.DIRECT, Scenario.REST), p);
        assertThatThrownBy(() -> ProfileScenarios.requireServed(List.of(Scenario.DIRECT, Scenario.XSLT, Scenario.JMS), p))
                .hasMessageContaining("target 't' does not serve scenario(s) xslt, jms")
                .hasMessageContaining("scenarios=direct,cbr-transport-header,rest");
        assertThatThrownBy(() -> ProfileScenarios.of(profile("scenarios=direct,xml\n")))
                .hasMessageContaining("scenarios=direct,xml").hasMessageContaining("unknown scenario 'xml'");
    }
}
