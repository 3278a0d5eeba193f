package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessTreeCpuTest {
    @Test
    void readsUserSystemAndWaitedChildrensTimeAfterTheCommandName() {
        // comm with blanks and a parenthesis; utime 150, stime 50, cutime 7, cstime 3 ticks.
        String stat = "4242 (nginx: (worker) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 50 7 3 20 0 1 0 1234 0 0";
        assertThat(ProcessTreeCpu.parse(stat)).isEqualTo(OptionalLong.of(210));
        assertThat(ProcessTreeCpu.parse("garbage")).isEmpty();
    }

    /**
     * A parent that only waits, with a busy child (as nginx's master and its workers): the CPU time of the tree is the
     * child's work, which the parent's own accounting does not show.
     */
    @Test
    void countsTheDescendantsOfTheProcess() throws Exception {
        Process parent = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & wait")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            ProcessHandle h = parent.toHandle();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            long tree = 0;
            while (System.nanoTime() < deadline && tree < 300) {
                Thread.sleep(200);
                tree = ProcessTreeCpu.millis(h).orElse(0);
            }
            long own = h.info().totalCpuDuration().map(d -> d.toMillis()).orElse(0L);
            assertThat(tree).as("the tree's CPU time, the busy child's included").isGreaterThanOrEqualTo(300);
            assertThat(own).as("the waiting parent's own CPU time").isLessThan(100);
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
            parent.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
