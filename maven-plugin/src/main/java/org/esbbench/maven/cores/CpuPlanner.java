package org.esbbench.maven.cores;

import java.util.ArrayList;
import java.util.List;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.cores.OnlineCpus;
import org.esbbench.report.topology.CoreChoice;
import org.esbbench.report.topology.CpuTopology;
import org.esbbench.report.topology.SysfsCopy;

/**
 * Plans which CPUs each role of a run gets, from {@code -DserverCpus}, the machine's topology (physical cores and
 * their hardware threads, sockets, NUMA nodes) and the CPUs this build may use (its affinity, which a container's or
 * a cgroup's cpuset bounds), and whether the suite starts the server; check calls it before any load, so a count the
 * CPUs cannot give is refused then, naming what they can. The server gets whole physical cores ({@link CoreChoice}),
 * the last ones, on one NUMA node where they fit (the kernel tends to put interrupts on CPU 0); the load generator
 * and the rest of the harness get the cores that share none of their threads with the server's; at least one core
 * always stays for the generator. Several counts ({@code 1,2}) make the count a dimension of the points: each count
 * takes the last whole cores of the largest's, the harness the cores the largest leaves.
 */
public final class CpuPlanner {
    private final CpuTopology topology;
    private final CpuList usable;
    private final CpuLayout.Method method;

    CpuPlanner(CpuTopology topology, CpuList usable, CpuLayout.Method method) {
        this.topology = topology;
        this.usable = new CpuList(usable.cpus().stream().filter(topology.online().cpus()::contains).toList());
        if (this.usable.isEmpty()) {
            throw new IllegalArgumentException("none of the CPUs the build may use (" + usable + ") is online ("
                    + topology.online() + ")");
        }
        this.method = method;
    }

    /** A machine of {@code cpus}, each its own core on one socket, all usable. */
    CpuPlanner(CpuList cpus, CpuLayout.Method method) {
        this(CpuTopology.flat(cpus), cpus, method);
    }

    /** This machine: its topology, the CPUs this build may use, the best way it has to keep a process in a set. */
    public static CpuPlanner forThisMachine() {
        return forSystem(SysfsCopy.thisMachine(), CpuPlacement.available());
    }

    /**
     * The machine {@code copy} says; one without Linux's topology files (macOS, Windows) as its JVM's CPUs, each its
     * own core, where the planner finds no way to keep a process in a set anyway.
     */
    static CpuPlanner forSystem(SysfsCopy copy, CpuLayout.Method method) {
        CpuTopology topology = copy.file("cpu/online").isPresent() ? CpuTopology.of(copy)
                : CpuTopology.flat(OnlineCpus.read());
        CpuList usable = RunCpus.buildCpusBeforeMove().or(copy::allowed).orElse(topology.online());
        return new CpuPlanner(topology, usable, method);
    }

    /**
     * Another machine, from a copy of its {@code /sys/devices/system} ({@link SysfsCopy}): what the suite would do
     * there, each role's CPUs kept by a cpuset or an affinity mask as that machine has.
     *
     * @param usable the CPUs a build there may use; the copy's own record of them, else every online CPU, when null
     */
    public static CpuPlanner forCopy(SysfsCopy copy, CpuList usable) {
        CpuTopology topology = CpuTopology.of(copy);
        return new CpuPlanner(topology, usable != null ? usable : copy.allowed().orElse(topology.online()),
                CpuLayout.Method.AFFINITY);
    }

    /**
     * How this machine would keep each role on its CPUs and why not a better way, for check: e.g. "cgroup cpuset
     * (v1, /sys/fs/cgroup/cpuset); not cgroup v2: ...".
     */
    public static String placement() {
        return CpuPlacement.describe();
    }

    public CpuTopology topology() {
        return topology;
    }

    public CpuList usable() {
        return usable;
    }

    /**
     * @param value             the value of -DserverCpus
     * @param serverStartedHere whether the suite starts the server (the reference server, a profile's server.command)
     */
    public CpuLayout plan(String value, boolean serverStartedHere) throws InvalidRunException {
        return plan(value, serverStartedHere, false);
    }

    /**
     * @param fromMatrix the value is a published matrix's list of core counts (IBM's 1, 2 and 4): the counts this
     *                   machine cannot give are left out, rather than refused
     */
    public CpuLayout plan(String value, boolean serverStartedHere, boolean fromMatrix) throws InvalidRunException {
        ServerCpus asked;
        try {
            asked = ServerCpus.parse(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
        CpuList machine = topology.online();
        int most = CoreChoice.most(topology, usable);
        if (asked instanceof ServerCpus.Shared) {
            return CpuLayout.shared(machine, serverStartedHere, "as -DserverCpus=shared asks");
        }
        if (asked instanceof ServerCpus.Auto) {
            if (!serverStartedHere) {
                return CpuLayout.shared(machine, false, "the server is not started by the suite (give its CPUs with"
                        + " -DserverCpus=cpus:LIST to keep the suite off them)");
            }
            if (most < 1) {
                return CpuLayout.shared(machine, true, usable.size() == machine.size()
                        ? "a machine of one CPU has none to give the server alone"
                        : "the build may use one CPU (" + usable + ") of the machine's " + machine.size());
            }
            if (method == CpuLayout.Method.NONE) {
                return CpuLayout.shared(machine, true, "this machine has neither a writable cpuset nor taskset");
            }
            return isolated(CoreChoice.half(topology, usable), true, List.of());
        }
        requireMethod(value);
        if (asked instanceof ServerCpus.Count count) {
            if (!serverStartedHere) {
                throw new InvalidRunException("-DserverCpus=" + value + ": the suite does not start this target's"
                        + " server, so it cannot give it cores; name the CPUs it runs on (-DserverCpus=cpus:LIST) and"
                        + " the suite keeps its own processes off them");
            }
            List<Integer> givable = count.counts().stream().filter(n -> n <= most).toList();
            if (givable.isEmpty() || (!fromMatrix && givable.size() < count.counts().size())) {
                throw new InvalidRunException("-DserverCpus=" + value + ": this machine has " + machine.size()
                        + " CPUs (" + machine + ")" + (usable.equals(machine) ? "" : ", of which the build may use "
                        + usable) + (topology.smt() ? ", " + topology.coresWithin(usable).size() + " physical cores,"
                        + " and keeps at least one whole core" : " and keeps at least one") + " for the load generator,"
                        + " so the server can have " + (most < 1 ? "none of its own" : "at most " + most)
                        + " (-DserverCpus=" + Math.max(1, most) + ")");
            }
            if (givable.size() > 1) {
                return isolated(CoreChoice.counts(topology, usable, givable), true, givable);
            }
            return isolated(CoreChoice.cpus(topology, usable, givable.get(0)), true, List.of());
        }
        CpuList listed = ((ServerCpus.Listed) asked).cpus();
        if (!machine.containsAll(listed)) {
            throw new InvalidRunException("-DserverCpus=" + value + ": this machine's CPUs are " + machine);
        }
        CpuList rest = usable.minus(listed);
        if (rest.isEmpty() || listed.size() > machine.size() - 1) {
            throw new InvalidRunException("-DserverCpus=" + value + " leaves no CPU of " + usable + " for the load"
                    + " generator: name at most " + Math.max(1, Math.min(machine.size(), usable.size()) - 1));
        }
        return listedLayout(listed, rest, serverStartedHere);
    }

    /** Named CPUs: the harness keeps off their cores' other threads, unless that leaves it nothing. */
    private CpuLayout listedLayout(CpuList listed, CpuList rest, boolean serverStartedHere) {
        List<Integer> siblings = new ArrayList<>();
        for (int cpu : listed.cpus()) {
            topology.coreOf(cpu).cpus().cpus().stream().filter(rest.cpus()::contains).forEach(siblings::add);
        }
        CpuList idle = new CpuList(siblings);
        List<String> notes = new ArrayList<>();
        CpuList harness = rest.minus(idle);
        if (idle.isEmpty()) {
            harness = rest;
        } else if (harness.isEmpty()) {
            harness = rest;
            notes.add(idle.words() + " share" + (idle.size() == 1 ? "s a core" : " cores") + " with the server's CPUs "
                    + listed + ", and the build may use no other: the load generator runs there, slowing the server"
                    + " as on one core");
        } else {
            notes.add(idle.words() + ", sibling thread" + (idle.size() == 1 ? "" : "s") + " of the server's CPUs "
                    + listed + ", " + (idle.size() == 1 ? "is" : "are") + " left idle so the load generator shares no"
                    + " core with the server");
        }
        return new CpuLayout(CpuLayout.Mode.ISOLATED, method, topology.online(), listed, harness, serverStartedHere,
                "", List.of(), java.util.Map.of(), notes);
    }

    private CpuLayout isolated(CoreChoice choice, boolean serverStartedHere, List<Integer> counts) {
        return new CpuLayout(CpuLayout.Mode.ISOLATED, method, topology.online(), choice.server(), choice.generator(),
                serverStartedHere, "", counts, choice.nested(), choice.notes());
    }

    private void requireMethod(String value) throws InvalidRunException {
        if (method == CpuLayout.Method.NONE) {
            throw new InvalidRunException("-DserverCpus=" + value + ": this machine has neither "
                    + CpuPlacement.cpusetLacks() + " nor taskset to keep processes on their CPUs;"
                    + " -DserverCpus=shared runs every process on every CPU");
        }
    }
}
