package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code -DidleProbe}: seconds of the warm idle server, recorded with the run; a value without a spread is refused. */
class IdleProbeParameterTest {
    private final ParameterCatalogue catalogue = ParameterCatalogue.STANDARD;

    @Test
    void noProbeOrTwoSecondsAndMoreAreAcceptedAndTheDefaultIsRecorded() throws InvalidRunException {
        catalogue.validate(Map.of("idleProbe", "0"));
        catalogue.validate(Map.of("idleProbe", "2"));
        catalogue.validate(Map.of("idleProbe", "60"));
        assertThat(catalogue.recorded(name -> null)).containsEntry("idleProbe", "5");
    }

    @Test
    void oneSecondHasNoSpreadAndMoreThanAMinuteIsRefusedBeforeAnyLoad() {
        assertThatThrownBy(() -> catalogue.validate(Map.of("idleProbe", "1"))).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("the spread needs two one-second rates");
        assertThatThrownBy(() -> catalogue.validate(Map.of("idleProbe", "61"))).hasMessage("-DidleProbe=61: at most 60");
    }
}
