package org.esbbench.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The skip switches: the run's goals honour -Desbbench.skip and -DskipTests, the gui goal only its own. */
class EsbBenchMojoTest {
    @Test
    void theRunsGoalsAreSkippedByEitherSwitch() throws Exception {
        int[] ran = {0};
        EsbBenchMojo goal = new EsbBenchMojo() {
            @Override
            protected void doExecute() {
                ran[0]++;
            }
        };
        goal.useValues(Map.of("skipTests", "true"));
        goal.execute();
        assertThat(ran[0]).isZero();
        assertThat(goal.skipReason()).contains("-DskipTests");
        goal.useValues(Map.of("esbbench.skip", "true"));
        assertThat(goal.skipReason()).contains("-Desbbench.skip");
        goal.useValues(Map.of("skipTests", "false", "esbbench.skip", "false"));
        goal.execute();
        assertThat(ran[0]).isOne();
    }

    @Test
    void theGuiGoalHasItsOwnSwitch() {
        GuiMojo gui = new GuiMojo();
        gui.useValues(Map.of("esbbench.skip", "true", "skipTests", "true"));
        assertThat(gui.skipReason()).isEmpty();
        gui.useValues(Map.of("esbbench.gui.skip", "true"));
        assertThat(gui.skipReason()).contains("-Desbbench.gui.skip");
    }
}
