package org.esbbench.maven.cores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.junit.jupiter.api.Test;

class CpuPlannerTest {
    private static final CpuPlanner TWO = new CpuPlanner(CpuList.parse("0-1"), CpuLayout.Method.CPUSET);
    private static final CpuPlanner EIGHT = new CpuPlanner(CpuList.parse("0-7"), CpuLayout.Method.AFFINITY);

    @Test
    void byDefaultAServerTheSuiteStartsGetsHalfTheCpusTheLastOnes() throws Exception {
        CpuLayout two = TWO.plan("auto", true);
        assertThat(two.isolated()).isTrue();
        assertThat(two.server()).hasToString("1");
        assertThat(two.harness()).hasToString("0");
        assertThat(two.method()).isEqualTo(CpuLayout.Method.CPUSET);
        assertThat(EIGHT.plan("", true).server()).hasToString("4-7");
    }

    @Test
    void sharedWhenAskedWhenTheSuiteDoesNotStartTheServerOrWhenTheMachineCannotPin() throws Exception {
        assertThat(TWO.plan("shared", true).isolated()).isFalse();
        assertThat(TWO.plan("auto", false).why()).contains("not started by the suite");
        assertThat(new CpuPlanner(CpuList.of(0), CpuLayout.Method.CPUSET).plan("auto", true).why())
                .contains("one CPU");
        assertThat(new CpuPlanner(CpuList.parse("0-1"), CpuLayout.Method.NONE).plan("auto", true).why())
                .contains("neither a writable cpuset nor taskset");
    }

    @Test
    void aCountTheMachineCannotGiveIsRefusedNamingWhatItCan() throws Exception {
        assertThat(TWO.plan("1", true).server()).hasToString("1");
        assertThatThrownBy(() -> TWO.plan("2", true)).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("this machine has 2 CPUs (0-1)").hasMessageContaining("at most 1 (-DserverCpus=1)");
        assertThatThrownBy(() -> TWO.plan("1", false)).hasMessageContaining("does not start this target's server");
        assertThatThrownBy(() -> new CpuPlanner(CpuList.parse("0-1"), CpuLayout.Method.NONE).plan("1", true))
                .hasMessageContaining("neither a writable cgroup cpuset");
        assertThatThrownBy(() -> TWO.plan("two", true)).hasMessageContaining("is none of: auto, shared");
    }

    @Test
    void aListOfCountsIsADimensionTheGeneratorKeepingTheCpusTheLargestLeaves() throws Exception {
        CpuPlanner four = new CpuPlanner(CpuList.parse("0-3"), CpuLayout.Method.CPUSET);
        CpuLayout counts = four.plan("2,1", true);
        assertThat(counts.variesServerCores()).isTrue();
        assertThat(counts.serverCores()).containsExactly(1, 2);
        assertThat(counts.server()).hasToString("2-3");
        assertThat(counts.harness()).hasToString("0-1");
        assertThat(counts.serverFor(1)).hasToString("3");
        assertThat(counts.serverFor(2)).hasToString("2-3");
        assertThat(counts.serverFor(0)).as("a point that does not vary the count").hasToString("2-3");
        assertThatThrownBy(() -> counts.serverFor(3)).hasMessageContaining("the run measures [1, 2]");
        assertThat(counts.describe()).startsWith("server on the last 1, 2 of CPUs 2-3 (one count per point")
                .contains("load generator, backend and monitor on CPUs 0-1 of 4");
        assertThat(four.plan("2", true).variesServerCores()).isFalse();
        // every count must be givable when the list is given explicitly
        assertThatThrownBy(() -> four.plan("1,2,4", true)).hasMessageContaining("at most 3");
    }

    @Test
    void aMatrixsListOfCountsKeepsThoseTheMachineCanGive() throws Exception {
        assertThat(TWO.plan("1,2,4", true, true).server()).hasToString("1");
        assertThat(TWO.plan("1,2,4", true, true).variesServerCores()).as("one count left: not a dimension").isFalse();
        CpuLayout eight = EIGHT.plan("1,2,4", true, true);
        assertThat(eight.serverCores()).containsExactly(1, 2, 4);
        assertThat(eight.server()).hasToString("4-7");
        assertThat(new CpuPlanner(CpuList.parse("0-3"), CpuLayout.Method.CPUSET).plan("1,2,4", true, true).serverCores())
                .containsExactly(1, 2);
        assertThatThrownBy(() -> TWO.plan("1,2,4", true, false)).hasMessageContaining("at most 1");
    }

    @Test
    void cpusByNumberAreForAServerStartedByHandAndMustLeaveOneForTheGenerator() throws Exception {
        CpuLayout byHand = TWO.plan("cpus:1", false);
        assertThat(byHand.serverStartedHere()).isFalse();
        assertThat(byHand.harness()).hasToString("0");
        assertThat(byHand.describe()).contains("CPU 1 (started by hand)");
        assertThatThrownBy(() -> TWO.plan("cpus:0-1", false)).hasMessageContaining("leaves no CPU");
        assertThatThrownBy(() -> TWO.plan("cpus:5", false)).hasMessageContaining("this machine's CPUs are 0-1");
    }

    @Test
    void usersPerServerCoreIsIbmsFourClientThreadsPerCore() throws Exception {
        BuildLog log = new BuildLog(line -> { }, line -> { });
        Map<String, String> p = new LinkedHashMap<>(Map.of("users", "10", "usersPerServerCore", "4"));
        assertThat(UsersPerCore.apply(p, EIGHT.plan("2", true), false, log)).containsEntry("users", "8");
        assertThat(UsersPerCore.apply(p, EIGHT.plan("2", true), true, log)).containsEntry("users", "10");
        assertThat(UsersPerCore.apply(Map.of("users", "10"), EIGHT.plan("2", true), false, log))
                .containsEntry("users", "10");
        assertThatThrownBy(() -> UsersPerCore.apply(p, TWO.plan("shared", true), false, log))
                .hasMessageContaining("needs the server on cores of its own");
        // cores as a dimension: one closed-model level per count, which the points pair with it
        assertThat(UsersPerCore.apply(p, EIGHT.plan("1,2,4", true), false, log)).containsEntry("users", "4,8,16");
        assertThat(UsersPerCore.apply(p, EIGHT.plan("1,2,4", true), true, log)).containsEntry("users", "10")
                .as("recorded as not applied").containsEntry("usersPerServerCore", "0");
    }

    @Test
    void placementCommandsStartTheCommandInsideItsSet() {
        assertThat(CpuPlacement.inCpuset(java.nio.file.Path.of("/cg/server/cgroup.procs"), List.of("java", "-jar", "x.jar")))
                .containsExactly("/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", "/cg/server/cgroup.procs",
                        "java", "-jar", "x.jar");
    }
}
