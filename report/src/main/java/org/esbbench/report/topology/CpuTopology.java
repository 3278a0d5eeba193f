package org.esbbench.report.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.esbbench.report.cores.CpuList;

/**
 * A machine's online CPUs grouped as the hardware has them: each CPU a hardware thread of a physical core (the CPUs
 * of its {@code thread_siblings_list}; more than one with SMT, hyperthreads), each core on a socket ({@code
 * physical_package_id}) and a NUMA node ({@code node/nodeN/cpulist}; node 0 when the copy has none). Two threads of a
 * core share its execution units: a server and a load generator on siblings slow each other as if on one core.
 *
 * @param online the machine's online CPUs
 * @param cores  its physical cores, by their first CPU
 */
public record CpuTopology(CpuList online, List<Core> cores) {

    /** A physical core: its online hardware threads, its socket and NUMA node. */
    public record Core(CpuList cpus, int socket, int node) {
        public int first() {
            return cpus.cpus().get(0);
        }

        /** Its CPUs that are in {@code usable}. */
        public CpuList within(CpuList usable) {
            return new CpuList(cpus.cpus().stream().filter(usable.cpus()::contains).toList());
        }
    }

    public CpuTopology {
        cores = cores.stream().sorted(Comparator.comparingInt(Core::first)).toList();
    }

    /**
     * The topology a copy says.
     *
     * @throws IllegalArgumentException when a file of it is not what the kernel writes there
     */
    public static CpuTopology of(SysfsCopy copy) {
        CpuList online = CpuList.parse(copy.file("cpu/online").orElseThrow(() ->
                new IllegalArgumentException(copy.source() + " has no cpu/online")));
        Map<Integer, Integer> nodeOf = new LinkedHashMap<>();
        copy.files().forEach((path, value) -> {
            if (path.startsWith("node/node") && path.endsWith("/cpulist") && !value.isBlank()) {
                int node = Integer.parseInt(path.substring("node/node".length(), path.length() - "/cpulist".length()));
                CpuList.parse(value).cpus().forEach(cpu -> nodeOf.put(cpu, node));
            }
        });
        Map<CpuList, Core> cores = new LinkedHashMap<>();
        for (int cpu : online.cpus()) {
            String dir = "cpu/cpu" + cpu + "/topology/";
            CpuList siblings = copy.file(dir + "thread_siblings_list").map(CpuList::parse).orElse(CpuList.of(cpu));
            // Only the online threads of a core count: an offline sibling runs nothing.
            CpuList threads = new CpuList(siblings.cpus().stream().filter(online.cpus()::contains).toList());
            if (!threads.cpus().contains(cpu)) {
                throw new IllegalArgumentException(copy.source() + ": CPU " + cpu + "'s thread_siblings_list ("
                        + siblings + ") does not name it");
            }
            int socket = copy.file(dir + "physical_package_id").map(Integer::parseInt).map(s -> Math.max(0, s)).orElse(0);
            cores.putIfAbsent(threads, new Core(threads, socket, nodeOf.getOrDefault(cpu, 0)));
        }
        List<Core> list = new ArrayList<>(cores.values());
        TreeSet<Integer> seen = new TreeSet<>();
        for (Core core : list) {
            for (int cpu : core.cpus().cpus()) {
                if (!seen.add(cpu)) {
                    throw new IllegalArgumentException(copy.source() + ": CPU " + cpu + " is a thread of two cores");
                }
            }
        }
        return new CpuTopology(online, list);
    }

    /** {@code cpus}, each its own core, on one socket and node: a machine whose topology is unknown. */
    public static CpuTopology flat(CpuList cpus) {
        return new CpuTopology(cpus, cpus.cpus().stream().map(c -> new Core(CpuList.of(c), 0, 0)).toList());
    }

    public static CpuTopology thisMachine() {
        return of(SysfsCopy.thisMachine());
    }

    /** The cores with at least one CPU in {@code usable}. */
    public List<Core> coresWithin(CpuList usable) {
        return cores.stream().filter(c -> !c.within(usable).isEmpty()).toList();
    }

    /** The core whose thread {@code cpu} is. */
    public Core coreOf(int cpu) {
        return cores.stream().filter(c -> c.cpus().cpus().contains(cpu)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("CPU " + cpu + " is not online"));
    }

    public boolean smt() {
        return cores.stream().anyMatch(c -> c.cpus().size() > 1);
    }

    public long sockets() {
        return cores.stream().mapToInt(Core::socket).distinct().count();
    }

    public long nodes() {
        return cores.stream().mapToInt(Core::node).distinct().count();
    }

    /** "64 CPUs: 32 physical cores of 2 threads (SMT) on 2 sockets, 2 NUMA nodes". */
    public String describe() {
        int threads = cores.stream().mapToInt(c -> c.cpus().size()).max().orElse(1);
        return online.size() + " CPU" + (online.size() == 1 ? "" : "s") + ": " + cores.size() + " physical core"
                + (cores.size() == 1 ? "" : "s") + (threads > 1 ? " of " + threads + " threads (SMT)" : ", no SMT")
                + " on " + sockets() + " socket" + (sockets() == 1 ? "" : "s") + ", " + nodes() + " NUMA node"
                + (nodes() == 1 ? "" : "s");
    }
}
