package org.esbbench.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.esbbench.maven.parameters.ParameterCatalogue;
import org.junit.jupiter.api.Test;

/**
 * Where a goal finds a parameter of the catalogue, as Maven would for a field: the execution's POM configuration
 * (read from the model: Maven keeps in the MojoExecution only what names a field), then -D, then the POM's
 * properties, then the catalogue's default.
 */
class ParameterValuesTest {

    private static Xpp3Dom configuration(String name, String value) {
        Xpp3Dom configuration = new Xpp3Dom("configuration");
        Xpp3Dom child = new Xpp3Dom(name);
        child.setValue(value);
        configuration.addChild(child);
        return configuration;
    }

    @SuppressWarnings("deprecation")
    private static ParameterValues values(Properties user, Properties pom) {
        Model model = new Model();
        model.setProperties(pom);
        Plugin plugin = new Plugin();
        plugin.setGroupId("org.esbbench");
        plugin.setArtifactId("esb-bench-maven-plugin");
        plugin.setConfiguration(configuration("heap", "1g"));
        PluginExecution check = new PluginExecution();
        check.setId("check");
        check.setConfiguration(configuration("users", "7"));
        plugin.addExecution(check);
        model.setBuild(new org.apache.maven.model.Build());
        model.getBuild().addPlugin(plugin);
        MavenProject project = new MavenProject(model);
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setUserProperties(user);
        MavenSession session = new MavenSession(null, null, request, new DefaultMavenExecutionResult());
        session.setCurrentProject(project);
        return new ParameterValues(ParameterCatalogue.STANDARD, session, new MojoExecution(plugin, "check", "check"));
    }

    @Test
    void theExecutionsConfigurationWinsThenTheCommandLineThenThePomThenTheDefault() {
        Properties user = new Properties();
        user.setProperty("users", "3");
        user.setProperty("rate", "40");
        Properties pom = new Properties();
        pom.setProperty("rate", "20");
        pom.setProperty("size", "2048");
        ParameterValues values = values(user, pom);

        assertThat(values.get("users")).isEqualTo("7");
        assertThat(values.get("heap")).isEqualTo("1g");
        assertThat(values.get("rate")).isEqualTo("40");
        assertThat(values.get("size")).isEqualTo("2048");
        assertThat(values.get("warmup")).isEqualTo("300");
        assertThat(values.given("warmup")).isNull();
        assertThat(values.configured("users")).isEqualTo("7");
        assertThat(values.configured("rate")).isNull();
    }
}
