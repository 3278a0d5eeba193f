package org.esbbench.maven.parameters;

import org.esbbench.maven.goals.CheckMojo;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/**
 * Which value a parameter gets when a matrix is used: a -D of the command line and a literal of the execution's POM
 * configuration beat the matrix; the suite pom's (and a profile's) properties and the defaults lose to it.
 */
class ParameterSourcesTest {

    private final Matrix matrix = new Matrix("wso2-mi", Path.of("config/matrices/wso2-mi.properties"), "WSO2 MI",
            "a published study", "", Map.of("users", "100,200,500,1000", "size", "500,1000", "warmup", "120"));

    /** What the goal receives: every value, the suite pom's property or a default when nothing else set it. */
    private static Map<String, String> build(String users, String size, String warmup) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("users", users);
        v.put("size", size);
        v.put("warmup", warmup);
        v.put("delay", "0");
        return v;
    }

    /** The execution's configuration as Maven hands it to the goal: ${property} expressions, or a POM literal. */
    private static Xpp3Dom configuration(Map<String, String> values) {
        Xpp3Dom configuration = new Xpp3Dom("configuration");
        values.forEach((name, value) -> {
            Xpp3Dom child = new Xpp3Dom(name);
            child.setValue(value);
            configuration.addChild(child);
        });
        return configuration;
    }

    private static ParameterSources.Explicit explicit(Map<String, String> build, Properties userProperties, Xpp3Dom config) {
        return ParameterSources.Explicit.of(build.keySet(), userProperties, name -> {
            Xpp3Dom child = config.getChild(name);
            return child == null ? null : child.getValue();
        });
    }

    @Test
    void aUserPropertyBeatsTheMatrix() {
        Properties user = new Properties();
        user.setProperty("users", "100,200");
        Map<String, String> build = build("100,200", "1024", "300");
        Xpp3Dom config = configuration(Map.of("users", "${users}", "size", "${size}", "warmup", "${warmup}"));

        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.of(matrix), explicit(build, user, config));

        assertThat(merged.values()).containsEntry("users", "100,200").containsEntry("size", "500,1000")
                .containsEntry("warmup", "120").containsEntry("matrix", "wso2-mi");
        assertThat(merged.sources()).containsEntry("users", ParameterSources.Source.COMMAND_LINE)
                .containsEntry("size", ParameterSources.Source.MATRIX).containsEntry("delay", ParameterSources.Source.BUILD);
        assertThat(merged.overridden()).containsExactly("users");
        assertThat(merged.describe()).last().asString()
                .isEqualTo("  from the matrix: size, warmup; from -D: users=100,200");
    }

    @Test
    void aPomConfigurationLiteralBeatsTheMatrix() {
        // a run module's check: <users>2</users> in the execution's configuration.
        Map<String, String> build = build("2", "1024", "300");
        Xpp3Dom config = configuration(Map.of("users", "2", "size", "${size}"));

        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.of(matrix),
                explicit(build, new Properties(), config));

        assertThat(merged.values()).containsEntry("users", "2").containsEntry("size", "500,1000");
        assertThat(merged.sources()).containsEntry("users", ParameterSources.Source.POM_CONFIGURATION);
        assertThat(merged.describe()).last().asString().contains("from the POM configuration: users=2");
    }

    @Test
    void aPomLiteralWinsOverTheCommandLineAsMavenDoes() {
        Properties user = new Properties();
        user.setProperty("users", "50");
        Map<String, String> build = build("2", "1024", "300");

        ParameterSources.Explicit explicit = explicit(build, user, configuration(Map.of("users", "2")));

        assertThat(explicit.source("users")).isEqualTo(ParameterSources.Source.POM_CONFIGURATION);
    }

    @Test
    void aPomPropertyOrAProfilePropertyLosesToTheMatrix() {
        // -Psmoke or the suite pom's <users>10</users>: the goal gets the value through ${users}, no user property.
        Map<String, String> build = build("1,2", "1024", "3");
        Xpp3Dom config = configuration(Map.of("users", "${users}", "size", "${size}", "warmup", "${warmup}"));

        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.of(matrix),
                explicit(build, new Properties(), config));

        assertThat(merged.values()).containsEntry("users", "100,200,500,1000").containsEntry("warmup", "120");
        assertThat(merged.from(ParameterSources.Source.MATRIX)).containsExactly("users", "size", "warmup");
        assertThat(merged.describe()).last().asString().isEqualTo("  from the matrix: users, size, warmup");
    }

    @Test
    void withoutAMatrixTheBuildsValuesStayAndNothingIsSaid() {
        Map<String, String> build = build("10", "1024", "300");

        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.empty(), ParameterSources.Explicit.none());

        assertThat(merged.values()).isEqualTo(build);
        assertThat(merged.describe()).isEmpty();
    }

    @Test
    void theMatrixLinesNameItsSource() {
        ParameterSources.Merged merged = ParameterSources.merge(build("10", "1024", "300"), Optional.of(matrix),
                ParameterSources.Explicit.none());

        assertThat(merged.describe()).startsWith("matrix wso2-mi: WSO2 MI", "  source: a published study");
        assertThat(List.copyOf(merged.values().keySet())).endsWith("matrix");
    }

    @Test
    void anUnsetExcludeIsEmptyNotNull() {
        // No suite pom property sets it: the run parameters file must record "" (a null was read back as "null" by start).
        assertThat(new CheckMojo().buildParameters()).containsEntry("exclude", "");
    }

    @Test
    void overlayKeepsTheStoredValuesButTheExplicitOnes() {
        // Stored run parameters (resume): only what this build sets explicitly replaces a stored value.
        Map<String, String> stored = build("20,40", "1024", "60");
        stored.put("matrix", "wso2-mi");
        Properties user = new Properties();
        user.setProperty("warmup", "30");
        Map<String, String> build = build("10", "1024", "30");

        ParameterSources.Merged merged = ParameterSources.overlay(stored, build,
                explicit(build, user, configuration(Map.of("users", "${users}"))));

        assertThat(merged.values()).containsEntry("users", "20,40").containsEntry("warmup", "30")
                .containsEntry("matrix", "wso2-mi");
        assertThat(merged.from(ParameterSources.Source.COMMAND_LINE)).containsExactly("warmup");
    }

    @Test
    void aTargetProfilesDefaultsBeatTheBuildButNotAnExplicitValueNorTheMatrix() throws Exception {
        Map<String, String> build = build("10", "2048", "300");
        build.put("wsMode", "pool");
        Properties user = new Properties();
        user.setProperty("size", "2048");
        ParameterSources.Merged merged = ParameterSources.merge(build, Optional.of(matrix),
                explicit(build, user, configuration(Map.of())));
        Properties profile = new Properties();
        profile.setProperty("default.wsMode", "fresh");
        profile.setProperty("default.size", "512");
        profile.setProperty("default.users", "1");
        profile.setProperty("port", "8280");

        ParameterSources.Merged withDefaults = ParameterSources.withProfileDefaults(merged, profile, "synapse.properties");

        assertThat(withDefaults.values()).containsEntry("wsMode", "fresh").containsEntry("size", "2048")
                .containsEntry("users", "100,200,500,1000").containsEntry("delay", "0");
        assertThat(withDefaults.from(ParameterSources.Source.PROFILE)).containsExactly("wsMode");
        assertThat(withDefaults.describe()).anyMatch(l -> l.contains("from the target profile: wsMode=fresh"));
    }

    @Test
    void aProfileDefaultForNoParameterIsRefusedWithTheValidNames() {
        Map<String, String> build = build("10", "1024", "300");
        Properties profile = new Properties();
        profile.setProperty("default.wsmode", "fresh");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ParameterSources.withProfileDefaults(
                ParameterSources.merge(build, Optional.empty(), ParameterSources.Explicit.none()), profile, "x.properties"))
                .hasMessageContaining("default.wsmode names no run parameter").hasMessageContaining("users, size");
    }
}
