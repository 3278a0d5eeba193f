package org.esbbench.report.points;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadSplitTest {

    @Test
    void remainderGoesToTheFirstEngines() {
        assertThat(LoadSplit.of(10, 3)).containsExactly(4, 3, 3);
        assertThat(LoadSplit.of(100, 3)).containsExactly(34, 33, 33);
        assertThat(LoadSplit.of(3, 2)).containsExactly(2, 1);
    }

    @Test
    void aSmallTotalLeavesLaterEnginesIdle() {
        assertThat(LoadSplit.of(1, 2)).containsExactly(1, 0);
        assertThat(LoadSplit.of(0, 2)).containsExactly(0, 0);
    }

    @Test
    void sharesAlwaysAddUpToTheTotal() {
        for (int engines = 1; engines <= 16; engines++) {
            for (int total = 0; total <= 200; total++) {
                assertThat(LoadSplit.of(total, engines).stream().mapToInt(Integer::intValue).sum())
                        .as("%d over %d", total, engines).isEqualTo(total);
            }
        }
    }

    @Test
    void refusesNoEngines() {
        assertThatThrownBy(() -> LoadSplit.of(3, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
