package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SaturationCheckTest {
    private final SaturationCheck check = new SaturationCheck(90);

    @Test
    void aBusyMachineWhereTheServerTookMostIsTheServersLimit() {
        assertThat(check.flags(60.0, 10.0, 25.0, 97.0)).isEmpty();
    }

    @Test
    void aBusyMachineWhereTheGeneratorTookAsMuchAsTheServerIsFlagged() {
        assertThat(check.flags(40.0, 10.0, 45.0, 96.0)).singleElement().asString()
                .startsWith("generator-saturated").contains("45%").contains("server 40%");
    }

    @Test
    void theBackendIsFlaggedLikewise() {
        assertThat(check.flags(30.0, 35.0, 25.0, 92.0)).singleElement().asString().startsWith("backend-saturated");
    }

    @Test
    void aMachineBusyWithOtherWorkIsFlaggedAsSuchRatherThanBlamingTheGenerator() {
        assertThat(check.flags(10.0, 5.0, 10.0, 100.0)).singleElement().asString()
                .startsWith("machine-busy").contains("75%");
    }

    @Test
    void aMachineWithRoomLeftIsNeverFlaggedAndUnknownFiguresDoNotInventFlags() {
        assertThat(check.flags(10.0, 40.0, 40.0, 89.9)).isEmpty();
        assertThat(check.flags(null, null, null, null)).isEmpty();
        assertThat(check.flags(null, null, 50.0, 95.0)).singleElement().asString().contains("server unknown");
    }
}
