package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.parameters.InvalidRunException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.esbbench.core.Scenario;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuiPlanResolverTest {

    @TempDir
    Path root;
    Path plansDir;

    @BeforeEach
    void templates() throws IOException {
        plansDir = Files.createDirectories(root.resolve("jmx"));
        for (String template : GuiPlanResolver.templates()) {
            Files.writeString(plansDir.resolve(template + ".jmx"), "<jmeterTestPlan/>");
        }
    }

    @Test
    void aScenarioIdOpensItsTemplateAsThatScenario() throws Exception {
        RunnablePlan plan = GuiPlanResolver.resolve("cbr-body", root, plansDir);
        assertThat(plan.id()).isEqualTo("cbr-body");
        assertThat(plan.scenario()).contains(Scenario.CBR_BODY);
        assertThat(plan.file()).isEqualTo(plansDir.resolve("soap-http.jmx").toAbsolutePath().normalize());
    }

    @Test
    void aTemplateNameOpensTheTemplateAsItsFirstScenario() throws Exception {
        RunnablePlan plan = GuiPlanResolver.resolve("soap-http", root, plansDir);
        assertThat(plan.scenario()).contains(Scenario.DIRECT);
        assertThat(plan.file().getFileName().toString()).isEqualTo("soap-http.jmx");
        assertThat(GuiPlanResolver.resolve("rest", root, plansDir).scenario()).contains(Scenario.REST);
        assertThat(GuiPlanResolver.resolve("jms", root, plansDir).file().getFileName().toString()).isEqualTo("jms.jmx");
    }

    @Test
    void thePathOfATemplateCountsAsTheTemplate() throws Exception {
        RunnablePlan plan = GuiPlanResolver.resolve("jmx/ws-security.jmx", root, plansDir);
        assertThat(plan.scenario()).contains(Scenario.WS_SECURITY);
        assertThat(plan.file()).isEqualTo(plansDir.resolve("ws-security.jmx").toAbsolutePath().normalize());
    }

    @Test
    void anyOtherJmxIsAUsersPlanRelativeToTheRoot() throws Exception {
        Path mine = Files.createDirectories(root.resolve("my-plans")).resolve("my-plan.jmx");
        Files.writeString(mine, "<jmeterTestPlan/>");
        RunnablePlan plan = GuiPlanResolver.resolve(" my-plans/my-plan.jmx ", root, plansDir);
        assertThat(plan.isStandard()).isFalse();
        assertThat(plan.id()).isEqualTo("my-plan");
        assertThat(plan.file()).isEqualTo(mine.toAbsolutePath().normalize());
    }

    @Test
    void aMissingJmxFailsNamingTheFile() {
        assertThatThrownBy(() -> GuiPlanResolver.resolve("my-plans/none.jmx", root, plansDir))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("-Dplan=my-plans/none.jmx")
                .hasMessageContaining("none.jmx")
                .hasMessageContaining("checkout's root");
    }

    @Test
    void aMissingTemplateFileFails() throws Exception {
        Files.delete(plansDir.resolve("rest.jmx"));
        assertThatThrownBy(() -> GuiPlanResolver.resolve("rest", root, plansDir))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("rest.jmx is missing");
    }

    @Test
    void anUnknownNameFailsListingEveryValidName() {
        assertThatThrownBy(() -> GuiPlanResolver.resolve("nope", root, plansDir))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("unknown plan 'nope'")
                .hasMessageContaining("valid: direct, cbr-body, cbr-soap-header, cbr-transport-header, xslt, ws-security,"
                        + " rest, soap, jms, soap-http")
                .hasMessageContaining(".jmx");
        assertThatThrownBy(() -> GuiPlanResolver.resolve("", root, plansDir)).hasMessageContaining("unknown plan;");
    }

    @Test
    void validNamesAreTheScenarioIdsThenTheOtherTemplates() {
        assertThat(GuiPlanResolver.validNames()).startsWith(Scenario.ids().toArray(String[]::new))
                .containsAll(GuiPlanResolver.templates()).doesNotHaveDuplicates();
        assertThat(GuiPlanResolver.templates()).contains("soap-http", "rest", "ws-security", "jms");
    }

    /** The root pom's gui profile checks -Dplan before anything builds; its list must be this class's. */
    @Test
    void theGuiProfilesEarlyCheckAcceptsExactlyTheseNames() throws IOException {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        int profile = pom.indexOf("<id>gui</id>");
        assertThat(profile).as("root pom's gui profile").isPositive();
        Matcher regex = Pattern.compile("<regex>([^<]+)</regex>").matcher(pom);
        assertThat(regex.find(profile)).as("requireProperty regex of the gui profile").isTrue();
        Pattern accepted = Pattern.compile(regex.group(1));
        for (String name : GuiPlanResolver.validNames()) {
            assertThat(accepted.matcher(name).matches()).as(name).isTrue();
        }
        assertThat(accepted.matcher("jmx/soap-http.jmx").matches()).isTrue();
        assertThat(accepted.matcher("nope").matches()).isFalse();
        assertThat(accepted.matcher("direct2").matches()).isFalse();
        String alternatives = regex.group(1).replace("|.+\\.jmx", "").replace("(", "").replace(")", "");
        assertThat(List.of(alternatives.split("\\|"))).containsExactlyInAnyOrderElementsOf(GuiPlanResolver.validNames());
    }

    @Test
    void theGuiCommandIsJMeterWithoutNonGuiModeWithEveryProperty() {
        JMeterInstallation jmeter = new JMeterInstallation(Path.of("/j"), Path.of("/j/bin/ApacheJMeter-5.6.3.jar"));
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("host", "127.0.0.1");
        properties.put("path", "/services/DirectProxy");
        List<String> cmd = JMeterGui.command("java", jmeter, 1024, Path.of("/c/jmx/soap-http.jmx"), Path.of("/l/gui.log"),
                properties);
        assertThat(cmd).containsExactly("java", "-Xmx1024m", "-jar", "/j/bin/ApacheJMeter-5.6.3.jar",
                "-t", "/c/jmx/soap-http.jmx", "-j", "/l/gui.log", "-Jhost=127.0.0.1", "-Jpath=/services/DirectProxy");
        assertThat(cmd).doesNotContain("-n");
    }
}
