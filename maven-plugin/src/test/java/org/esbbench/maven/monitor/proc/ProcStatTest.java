package org.esbbench.maven.monitor.proc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcStatTest {
    @Test
    void readsAThreadsUserAndSystemTimeAfterTheLastParenthesis() {
        // a thread's comm with blanks and parentheses; utime 150, stime 50 ticks
        String stat = "4243 (C2 (Compiler) x) R 1 4242 4242 0 -1 4194560 100 0 0 0 150 50 0 0 20 0 1 0 1234 0 0";
        assertThat(ProcStat.userSystemTicks(stat)).isEqualTo(200);
        assertThat(ProcStat.millis(200)).isEqualTo(2_000);
    }
}
