package org.esbbench.maven.cores;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.cores.OnlineCpus;

/**
 * Plans which CPUs each role of a run gets, from {@code -DserverCpus}, the machine's online CPUs and whether the
 * suite starts the server; check calls it before any load, so a count the machine cannot give is refused then,
 * naming what it can. The server gets the last CPUs (the kernel tends to put interrupts on CPU 0), the harness the
 * rest; at least one CPU always stays for the load generator. Several counts ({@code 1,2}) make the count a dimension
 * of the points: the server gets the last n CPUs at each count n, the harness the CPUs the largest leaves.
 */
public final class CpuPlanner {
    private final CpuList machine;
    private final CpuLayout.Method method;

    CpuPlanner(CpuList machine, CpuLayout.Method method) {
        this.machine = machine;
        this.method = method;
    }

    /** This machine: its online CPUs and the best way it has to keep a process inside a set. */
    public static CpuPlanner forThisMachine() {
        return new CpuPlanner(OnlineCpus.read(), CpuPlacement.available());
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
        int most = machine.size() - 1;
        if (asked instanceof ServerCpus.Shared) {
            return CpuLayout.shared(machine, serverStartedHere, "as -DserverCpus=shared asks");
        }
        if (asked instanceof ServerCpus.Auto) {
            if (!serverStartedHere) {
                return CpuLayout.shared(machine, false, "the server is not started by the suite (give its CPUs with"
                        + " -DserverCpus=cpus:LIST to keep the suite off them)");
            }
            if (most < 1) {
                return CpuLayout.shared(machine, true, "a machine of one CPU has none to give the server alone");
            }
            if (method == CpuLayout.Method.NONE) {
                return CpuLayout.shared(machine, true, "this machine has neither a writable cpuset nor taskset");
            }
            return isolated(machine.last(Math.max(1, machine.size() / 2)), true);
        }
        requireMethod(value);
        if (asked instanceof ServerCpus.Count count) {
            if (!serverStartedHere) {
                throw new InvalidRunException("-DserverCpus=" + value + ": the suite does not start this target's"
                        + " server, so it cannot give it cores; name the CPUs it runs on (-DserverCpus=cpus:LIST) and"
                        + " the suite keeps its own processes off them");
            }
            java.util.List<Integer> givable = count.counts().stream().filter(n -> n <= most).toList();
            if (givable.isEmpty() || (!fromMatrix && givable.size() < count.counts().size())) {
                throw new InvalidRunException("-DserverCpus=" + value + ": this machine has " + machine.size()
                        + " CPUs (" + machine + ") and keeps at least one for the load generator, so the server can"
                        + " have " + (most < 1 ? "none of its own" : "at most " + most) + " (-DserverCpus="
                        + Math.max(1, most) + ")");
            }
            if (givable.size() > 1) {
                // Cores as a dimension: the server on the last n CPUs for each count n, restarted between counts;
                // the load generator on the CPUs no count takes, the same throughout.
                int largest = givable.get(givable.size() - 1);
                CpuList server = machine.last(largest);
                return new CpuLayout(CpuLayout.Mode.ISOLATED, method, machine, server, machine.minus(server), true, "",
                        givable);
            }
            return isolated(machine.last(givable.get(0)), true);
        }
        CpuList listed = ((ServerCpus.Listed) asked).cpus();
        if (!machine.containsAll(listed)) {
            throw new InvalidRunException("-DserverCpus=" + value + ": this machine's CPUs are " + machine);
        }
        if (listed.size() > most) {
            throw new InvalidRunException("-DserverCpus=" + value + " leaves no CPU of " + machine + " for the load"
                    + " generator: name at most " + most);
        }
        return isolated(listed, serverStartedHere);
    }

    private CpuLayout isolated(CpuList server, boolean serverStartedHere) {
        return new CpuLayout(CpuLayout.Mode.ISOLATED, method, machine, server, machine.minus(server), serverStartedHere,
                "");
    }

    private void requireMethod(String value) throws InvalidRunException {
        if (method == CpuLayout.Method.NONE) {
            throw new InvalidRunException("-DserverCpus=" + value + ": this machine has neither a writable cgroup"
                    + " cpuset (" + CpuPlacement.CPUSET_ROOT + ") nor taskset to keep processes on their CPUs;"
                    + " -DserverCpus=shared runs every process on every CPU");
        }
    }
}
