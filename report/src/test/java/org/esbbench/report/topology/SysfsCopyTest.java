package org.esbbench.report.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysfsCopyTest {

    /** A 4-CPU SMT machine as the kernel lays it out: cores {0,2} and {1,3}, one socket, one node. */
    private static final Map<String, String> SMT4 = Map.of(
            "cpu/online", "0-3",
            "cpu/cpu0/topology/thread_siblings_list", "0,2", "cpu/cpu2/topology/thread_siblings_list", "0,2",
            "cpu/cpu1/topology/thread_siblings_list", "1,3", "cpu/cpu3/topology/thread_siblings_list", "1,3",
            "cpu/cpu0/topology/physical_package_id", "0", "cpu/cpu1/topology/physical_package_id", "0",
            "cpu/cpu2/topology/physical_package_id", "0", "cpu/cpu3/topology/physical_package_id", "0",
            "node/node0/cpulist", "0-3");

    @Test
    void aCopiedFolderAndAGrepListingOfTheSameFilesGiveTheSameTopology(@TempDir Path dir) throws IOException {
        Path system = dir.resolve("system");
        StringBuilder listing = new StringBuilder();
        for (Map.Entry<String, String> e : SMT4.entrySet()) {
            Path file = system.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue() + "\n");
            listing.append("/sys/devices/system/").append(e.getKey()).append(':').append(e.getValue()).append('\n');
        }
        listing.append("/proc/self/status:Cpus_allowed_list:\t0-1\n");
        Path grep = Files.writeString(dir.resolve("host-cpus.txt"), listing);

        CpuTopology fromFolder = CpuTopology.of(SysfsCopy.of(system));
        SysfsCopy fromListing = SysfsCopy.of(grep);
        assertThat(CpuTopology.of(fromListing)).isEqualTo(fromFolder);
        assertThat(fromFolder.cores()).extracting(c -> c.cpus().toString()).containsExactly("0,2", "1,3");
        assertThat(fromFolder.smt()).isTrue();
        assertThat(fromListing.allowed()).contains(CpuList.parse("0-1"));
        // A copy of the cpu folder alone has no NUMA nodes: every core on node 0.
        assertThat(CpuTopology.of(SysfsCopy.of(system.resolve("cpu")))).isEqualTo(fromFolder);
    }

    @Test
    void thisMachineReadsAsCoresThatPartitionItsOnlineCpus() {
        SysfsCopy copy = SysfsCopy.thisMachine();
        CpuTopology topology = CpuTopology.of(copy);
        List<Integer> threads = topology.cores().stream().flatMap(c -> c.cpus().cpus().stream()).sorted().toList();
        assertThat(threads).isEqualTo(topology.online().cpus());
        assertThat(copy.allowed()).hasValueSatisfying(a -> assertThat(topology.online().containsAll(a)).isTrue());
    }

    @Test
    void whatIsNotACopyIsRefusedNamingWhy(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> SysfsCopy.of(dir)).hasMessageContaining("has no cpu/online");
        Path notGrep = Files.writeString(dir.resolve("lscpu.txt"), "CPU(s): 16\n");
        assertThatThrownBy(() -> SysfsCopy.of(notGrep)).hasMessageContaining("line 1 is not a PATH:VALUE line");
        Path noOnline = Files.writeString(dir.resolve("partial.txt"),
                "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list:0\n");
        assertThatThrownBy(() -> SysfsCopy.of(noOnline)).hasMessageContaining("no line of /sys/devices/system/cpu/online");
        Path wrong = Files.writeString(dir.resolve("wrong.txt"), "/sys/devices/system/cpu/online:0-1\n"
                + "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list:1\n");
        assertThatThrownBy(() -> CpuTopology.of(SysfsCopy.of(wrong))).hasMessageContaining("does not name it");
        assertThatThrownBy(() -> SysfsCopy.of(dir.resolve("absent"))).hasMessageContaining("neither a folder nor a file");
    }

    @Test
    void aLayoutWithCountSetsAndNotesIsReadBackAsWritten(@TempDir Path dir) throws IOException {
        CpuLayout layout = new CpuLayout(CpuLayout.Mode.ISOLATED, CpuLayout.Method.AFFINITY, CpuList.parse("0-15"),
                CpuList.parse("6-7,14-15"), CpuList.parse("0-5,8-13"), true, "", List.of(1, 2, 4),
                Map.of(1, CpuList.of(7), 2, CpuList.parse("7,15"), 4, CpuList.parse("6-7,14-15")),
                List.of("CPU 15, a thread of the server's cores, is left idle: one", "a second: note"));
        layout.write(dir);
        CpuLayout read = CpuLayout.read(dir).orElseThrow();
        assertThat(read).isEqualTo(layout);
        assertThat(read.serverFor(2)).hasToString("7,15");
    }
}
