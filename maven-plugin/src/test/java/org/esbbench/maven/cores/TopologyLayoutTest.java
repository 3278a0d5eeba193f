package org.esbbench.maven.cores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.topology.CpuTopology;
import org.esbbench.report.topology.SysfsCopy;
import org.junit.jupiter.api.Test;

/**
 * The planner on five machines, each from a {@code grep -H} listing of its {@code /sys/devices/system}
 * (src/test/resources/topology): this project's 2-CPU VM (captured on it), an 8-core/16-thread x86 cloud VM, the
 * same VM from a container limited to CPUs 0-3, a 2-socket host of 2 x 16 cores with SMT, and a 64-CPU ARM host
 * without SMT. On each, the server gets whole physical cores that share no thread with the load generator's, within
 * the CPUs the build may use.
 */
class TopologyLayoutTest {

    static CpuPlanner planner(String fixture) throws URISyntaxException {
        Path path = Path.of(TopologyLayoutTest.class.getResource("/topology/" + fixture).toURI());
        return CpuPlanner.forCopy(SysfsCopy.of(path), null);
    }

    /** Every core of the server's is the server's alone: its usable threads the server's or idle, none the harness's. */
    static void assertWholeCoresApart(CpuPlanner planner, CpuLayout layout) {
        CpuTopology topology = planner.topology();
        assertThat(planner.usable().containsAll(layout.server())).as("server within the usable CPUs").isTrue();
        assertThat(planner.usable().containsAll(layout.harness())).as("harness within the usable CPUs").isTrue();
        assertThat(layout.harness().isEmpty()).isFalse();
        for (int cpu : layout.server().cpus()) {
            CpuList core = topology.coreOf(cpu).cpus();
            assertThat(core.disjoint(layout.harness())).as("CPU %d's core %s shares no thread with the harness %s",
                    cpu, core, layout.harness()).isTrue();
        }
    }

    @Test
    void thisProjectsVmGivesTheServerCpu1AndTheGeneratorCpu0AsBefore() throws Exception {
        CpuPlanner vm = planner("vm-2cpu-this-project.txt");
        assertThat(vm.topology().describe()).isEqualTo("2 CPUs: 2 physical cores, no SMT on 1 socket, 1 NUMA node");
        CpuLayout auto = vm.plan("auto", true);
        assertThat(auto.server()).hasToString("1");
        assertThat(auto.harness()).hasToString("0");
        assertThat(auto.notes()).isEmpty();
        assertWholeCoresApart(vm, auto);
        assertThatThrownBy(() -> vm.plan("2", true)).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("at most 1 (-DserverCpus=1)");
    }

    @Test
    void anSmtVmGivesTheServerBothThreadsOfItsCoresNotTheSecondHalfOfTheCpus() throws Exception {
        CpuPlanner vm = planner("vm-8core-16thread.txt");
        assertThat(vm.topology().describe()).isEqualTo("16 CPUs: 8 physical cores of 2 threads (SMT) on 1 socket, 1 NUMA node");
        CpuLayout auto = vm.plan("auto", true);
        // Not 8-15 (the second threads of every core, each the sibling of a generator CPU 0-7).
        assertThat(auto.server()).hasToString("4-7,12-15");
        assertThat(auto.harness()).hasToString("0-3,8-11");
        assertThat(auto.notes()).isEmpty();
        assertWholeCoresApart(vm, auto);

        CpuLayout two = vm.plan("2", true);
        assertThat(two.server()).as("one whole core").hasToString("7,15");
        assertThat(two.harness()).hasToString("0-6,8-14");
        assertWholeCoresApart(vm, two);

        CpuLayout one = vm.plan("1", true);
        assertThat(one.server()).hasToString("7");
        assertThat(one.harness()).as("the sibling 15 is given to no one").hasToString("0-6,8-14");
        assertThat(one.notes()).singleElement().asString().contains("CPU 15").contains("left idle");
        assertWholeCoresApart(vm, one);

        CpuLayout counts = vm.plan("1,2,4", true);
        assertThat(counts.server()).hasToString("6-7,14-15");
        assertThat(counts.serverFor(1)).hasToString("7");
        assertThat(counts.serverFor(2)).as("a whole core, not CPUs 14-15 of two").hasToString("7,15");
        assertThat(counts.serverFor(4)).hasToString("6-7,14-15");
        assertThat(counts.harness()).hasToString("0-5,8-13");
        assertWholeCoresApart(vm, counts);

        assertThatThrownBy(() -> vm.plan("15", true)).hasMessageContaining("8 physical cores")
                .hasMessageContaining("at most 14 (-DserverCpus=14)");
    }

    @Test
    void aContainerLimitedToFourCpusOfSixteenIsPlannedWithinThemAndSaysWhatItCannotSee() throws Exception {
        CpuPlanner container = planner("container-4-of-16.txt");
        assertThat(container.usable()).hasToString("0-3");
        CpuLayout auto = container.plan("auto", true);
        // Before: the last half of the machine's 16 CPUs, 8-15, none of which the container may use.
        assertThat(auto.server()).hasToString("2-3");
        assertThat(auto.harness()).hasToString("0-1");
        assertThat(auto.machine()).as("machine CPU % stays of the machine's CPUs").hasToString("0-15");
        assertWholeCoresApart(container, auto);
        assertThat(String.join("\n", auto.notes())).contains("may use CPUs 0-3 of the machine's 16")
                .contains("CPUs 10-11, sibling threads of the server's cores, are outside the CPUs the build may use");
        assertThatThrownBy(() -> container.plan("4", true)).hasMessageContaining("of which the build may use 0-3")
                .hasMessageContaining("at most 3");
    }

    @Test
    void aTwoSocketHostGivesTheServerTheWholeSecondSocketAndItsNode() throws Exception {
        CpuPlanner host = planner("host-2socket-2x16core-smt.txt");
        assertThat(host.topology().describe())
                .isEqualTo("64 CPUs: 32 physical cores of 2 threads (SMT) on 2 sockets, 2 NUMA nodes");
        CpuLayout auto = host.plan("auto", true);
        assertThat(auto.server()).hasToString("16-31,48-63");
        assertThat(auto.harness()).hasToString("0-15,32-47");
        assertThat(auto.notes()).isEmpty();
        assertWholeCoresApart(host, auto);

        CpuLayout eight = host.plan("8", true);
        assertThat(eight.server()).as("four whole cores of socket 1").hasToString("28-31,60-63");
        assertWholeCoresApart(host, eight);

        CpuLayout forty = host.plan("40", true);
        assertThat(forty.server().size()).isEqualTo(40);
        assertThat(forty.notes()).singleElement().asString().contains("span sockets 0, 1 and NUMA nodes 0, 1");
        assertWholeCoresApart(host, forty);
    }

    @Test
    void anArmHostWithoutSmtGivesTheServerTheLastHalfOfItsCores() throws Exception {
        CpuPlanner arm = planner("arm-64cpu-no-smt.txt");
        assertThat(arm.topology().describe()).isEqualTo("64 CPUs: 64 physical cores, no SMT on 1 socket, 1 NUMA node");
        CpuLayout auto = arm.plan("auto", true);
        assertThat(auto.server()).hasToString("32-63");
        assertThat(auto.harness()).hasToString("0-31");
        assertThat(auto.notes()).isEmpty();
        assertWholeCoresApart(arm, auto);
        assertThat(arm.plan("4", true).server()).hasToString("60-63");
    }

    @Test
    void everyCountUpToTheMostIsGivenAsWholeCoresAndOneMoreIsRefused() throws Exception {
        for (String fixture : List.of("vm-2cpu-this-project.txt", "vm-8core-16thread.txt", "container-4-of-16.txt",
                "host-2socket-2x16core-smt.txt", "arm-64cpu-no-smt.txt")) {
            CpuPlanner planner = planner(fixture);
            int most = org.esbbench.report.topology.CoreChoice.most(planner.topology(), planner.usable());
            for (int n = 1; n <= most; n++) {
                CpuLayout layout = planner.plan(Integer.toString(n), true);
                assertThat(layout.server().size()).as("%s at %d", fixture, n).isEqualTo(n);
                assertWholeCoresApart(planner, layout);
            }
            int over = most + 1;
            assertThatThrownBy(() -> planner.plan(Integer.toString(over), true)).as(fixture)
                    .hasMessageContaining("at most " + most);
        }
        // A build whose usable CPUs give one core both threads and three cores one: the most leaves CPU 0's core.
        Path path = Path.of(TopologyLayoutTest.class.getResource("/topology/vm-8core-16thread.txt").toURI());
        CpuPlanner uneven = CpuPlanner.forCopy(SysfsCopy.of(path), CpuList.parse("0-3,8"));
        CpuLayout three = uneven.plan("3", true);
        assertThat(three.server()).hasToString("1-3");
        assertThat(three.harness()).hasToString("0,8");
        assertThatThrownBy(() -> uneven.plan("4", true)).hasMessageContaining("at most 3");
    }

    @Test
    void aSystemWithoutLinuxsTopologyFilesIsPlannedOnItsJvmsCpus() throws Exception {
        SysfsCopy none = new SysfsCopy("a macOS machine", java.util.Map.of(), java.util.Optional.empty());
        CpuPlanner planner = CpuPlanner.forSystem(none, CpuLayout.Method.NONE);
        assertThat(planner.topology().online().size()).isEqualTo(org.esbbench.report.cores.OnlineCpus.count());
        assertThat(planner.plan("auto", true).isolated()).as("no way to pin: shared").isFalse();
    }

    @Test
    void namedCpusKeepTheHarnessOffTheirSiblings() throws Exception {
        CpuPlanner vm = planner("vm-8core-16thread.txt");
        CpuLayout listed = vm.plan("cpus:3", false);
        assertThat(listed.server()).hasToString("3");
        assertThat(listed.harness()).hasToString("0-2,4-10,12-15");
        assertThat(listed.notes()).singleElement().asString().contains("CPU 11").contains("left idle");
    }

    @Test
    void aCopysOwnRecordOfItsUsableCpusGivesWayToOneGiven() throws Exception {
        Path path = Path.of(TopologyLayoutTest.class.getResource("/topology/vm-8core-16thread.txt").toURI());
        CpuPlanner narrowed = CpuPlanner.forCopy(SysfsCopy.of(path), CpuList.parse("0-1,8-9"));
        CpuLayout auto = narrowed.plan("auto", true);
        assertThat(auto.server()).hasToString("1,9");
        assertThat(auto.harness()).hasToString("0,8");
        List<String> all = new ArrayList<>(auto.notes());
        assertThat(all).singleElement().asString().contains("may use CPUs 0-1,8-9 of the machine's 16");
    }
}
