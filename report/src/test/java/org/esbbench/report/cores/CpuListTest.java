package org.esbbench.report.cores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuListTest {

    @Test
    void readsAndWritesTheKernelsListFormat() {
        assertThat(CpuList.parse("0-1,4").cpus()).containsExactly(0, 1, 4);
        assertThat(CpuList.parse(" 3 , 1-2 ")).hasToString("1-3");
        assertThat(CpuList.parse("0,2,3,4,7")).hasToString("0,2-4,7");
        assertThat(CpuList.of(1).words()).isEqualTo("CPU 1");
        assertThat(CpuList.parse("0-1").words()).isEqualTo("CPUs 0-1");
    }

    @Test
    void refusesWhatIsNoCpuList() {
        assertThatThrownBy(() -> CpuList.parse("a")).hasMessageContaining("'a' is not a CPU number");
        assertThatThrownBy(() -> CpuList.parse("3-1")).hasMessageContaining("ends before it starts");
        assertThatThrownBy(() -> CpuList.parse("")).hasMessageContaining("names no CPU");
        assertThatThrownBy(() -> CpuList.parse("-1")).hasMessageContaining("not a CPU number");
    }

    @Test
    void setsOfCpus() {
        CpuList machine = CpuList.parse("0-3");
        assertThat(machine.last(1)).hasToString("3");
        assertThat(machine.last(2)).hasToString("2-3");
        assertThat(machine.minus(machine.last(2))).hasToString("0-1");
        assertThat(CpuList.of(0).disjoint(CpuList.of(1))).isTrue();
        assertThat(machine.disjoint(CpuList.of(1))).isFalse();
        assertThat(machine.containsAll(CpuList.parse("1-2"))).isTrue();
    }

    @Test
    void theMachinesCpusAreTheOnlineOnesNotThisJvmsAffinity() {
        CpuList online = OnlineCpus.read();
        assertThat(online.size()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void aLayoutIsWrittenAndReadBack(@TempDir Path dir) throws Exception {
        CpuLayout layout = new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.CPUSET, CpuList.parse("0-1"),
                CpuList.of(1), CpuList.of(0), true, "");
        layout.write(dir);
        assertThat(CpuLayout.read(dir)).contains(layout);
        assertThat(layout.describe()).isEqualTo("server on CPU 1, load generator, backend and monitor on CPU 0 of 2"
                + " (cgroup cpuset)");
        assertThat(CpuLayout.read(dir.resolve("none"))).isEmpty();
        Files.writeString(dir.resolve(CpuLayout.FILE), "mode=isolated\nmethod=teleport\n");
        assertThatThrownBy(() -> CpuLayout.read(dir)).hasMessageContaining("is not a CPU layout");
    }

    @Test
    void anIsolatedLayoutsSetsMayNotOverlap() {
        assertThatThrownBy(() -> new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.AFFINITY,
                CpuList.parse("0-1"), CpuList.parse("0-1"), CpuList.of(0), true, ""))
                .hasMessageContaining("overlap");
        assertThat(CpuLayout.shared(CpuList.parse("0-1"), true, "as -DserverCpus=shared asks").describe())
                .isEqualTo("shared cores: server, load generator and backend on all 2 CPUs (0-1), as -DserverCpus=shared asks");
    }
}
