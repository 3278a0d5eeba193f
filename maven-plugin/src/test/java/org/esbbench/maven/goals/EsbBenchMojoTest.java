package org.esbbench.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

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
        goal.skipTests = true;
        goal.execute();
        assertThat(ran[0]).isZero();
        assertThat(goal.skipReason()).contains("-DskipTests");
        goal.skipTests = false;
        goal.skip = true;
        assertThat(goal.skipReason()).contains("-Desbbench.skip");
        goal.skip = false;
        goal.execute();
        assertThat(ran[0]).isOne();
    }

    @Test
    void theGuiGoalHasItsOwnSwitch() {
        GuiMojo gui = new GuiMojo();
        gui.skip = true;
        gui.skipTests = true;
        assertThat(gui.skipReason()).isEmpty();
        gui.guiSkip = true;
        assertThat(gui.skipReason()).contains("-Desbbench.gui.skip");
    }
}
