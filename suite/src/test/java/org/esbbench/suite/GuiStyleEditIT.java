package org.esbbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A standard plan edited as in the GUI (renamed sampler, one more header) and saved by JMeter stays a valid
 * plan. The smoke run then runs the saved copy as a plan of one's own (-Dplans, suite/pom.xml's smoke profile),
 * with every figure; Failsafe runs this IT before esb-bench:run in the same phase.
 */
class GuiStyleEditIT {

    static final String SAMPLER = "direct, renamed in the GUI";

    @Test
    void aStandardPlanEditedAndSavedByJMeterStillLoadsAndKeepsTheEdit() throws Exception {
        LaidOutJMeter jmeter = LaidOutJMeter.fromBuild();
        Path edited = SuiteLayout.editedPlan();
        Files.deleteIfExists(edited);

        ChildJvm.Result save = ChildJvm.run(jmeter, GuiStyleEdit.class, SuiteLayout.results().resolve("gui-edit.out"),
                jmeter.home().toString(), SuiteLayout.plans().resolve("soap-http.jmx").toString(), edited.toString(),
                SAMPLER, "X-Edited-In", "JMeter GUI");
        assertThat(save.exitCode()).as(save.output()).isZero();

        String xml = Files.readString(edited, StandardCharsets.UTF_8);
        assertThat(xml).contains("testname=\"" + SAMPLER + "\"")
                .contains("<stringProp name=\"Header.name\">X-Edited-In</stringProp>")
                .contains("<stringProp name=\"Header.value\">JMeter GUI</stringProp>")
                // Everything else survives the round trip: the parameters, both load models, the reply check.
                .contains("${__P(users,10)}", "${__P(hold,1172)}", "rate(${__P(rate,0)}/sec)",
                        "org.esbbench.jmeter.ScenarioReplyAssertion");

        ChildJvm.Result load = ChildJvm.run(jmeter, PlanLoader.class, SuiteLayout.results().resolve("gui-edit-load.out"),
                jmeter.home().toString(), edited.toString());
        assertThat(load.exitCode()).as(load.output()).isZero();
        assertThat(load.output()).contains("OK " + edited.getFileName());
        assertThat(List.of(xml.split("\n")).stream().filter(l -> l.contains("SCENARIOS.md"))).isEmpty();
    }
}
