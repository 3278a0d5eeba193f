package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** Waiting with a deadline: at once when it holds, after polls when it comes to hold, false when it never does. */
class DeadlineTest {

    @Test
    void aConditionThatHoldsEndsTheWaitAtOnce() throws Exception {
        Deadline deadline = Deadline.in(Duration.ofSeconds(10));
        assertThat(deadline.await(Duration.ofSeconds(5), () -> true)).isTrue();
        assertThat(deadline.elapsed()).isLessThan(Duration.ofSeconds(1));
    }

    @Test
    void theConditionIsPolledUntilItHolds() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        assertThat(Deadline.until(Duration.ofSeconds(10), Duration.ofMillis(10), () -> asked.incrementAndGet() == 3))
                .isTrue();
        assertThat(asked).hasValue(3);
    }

    @Test
    void aConditionThatNeverHoldsGivesFalseAtTheDeadlineAndIsAskedThere() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        Deadline deadline = Deadline.in(Duration.ofMillis(200));
        assertThat(deadline.await(Duration.ofSeconds(1), () -> {
            asked.incrementAndGet();
            return false;
        })).isFalse();
        // at once, and once more when the pause, cut short to the deadline, ends
        assertThat(asked).hasValue(2);
        assertThat(deadline.passed()).isTrue();
        assertThat(deadline.left()).isEqualTo(Duration.ZERO);
        assertThat(deadline.elapsed()).isLessThan(Duration.ofMillis(900));
    }

    @Test
    void aZeroTimeoutStillAsksOnce() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        assertThat(Deadline.until(Duration.ZERO, Duration.ofMillis(50), () -> asked.incrementAndGet() > 0)).isTrue();
        assertThat(Deadline.until(Duration.ZERO, Duration.ofMillis(50), () -> false)).isFalse();
    }

    @Test
    void aConditionMayGiveUpEarlyByThrowing() {
        assertThatThrownBy(() -> Deadline.until(Duration.ofSeconds(10), Duration.ofMillis(10), () -> {
            throw new IOException("the process died");
        })).isInstanceOf(IOException.class).hasMessage("the process died");
    }
}
