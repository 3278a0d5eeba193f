package org.esbbench.report.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.topology.CpuTopology.Core;

/**
 * The server's CPUs as whole physical cores, and the load generator's: the cores that share nothing with the
 * server's, within the CPUs the build may use. The server's cores are taken from the last socket and NUMA node that
 * holds them all (CPU 0's socket, which takes most interrupts, stays the generator's where it can), the last cores of
 * it first. A count of CPUs that is not a whole number of cores leaves the rest of the last core idle rather than give
 * a sibling of the server's to the generator. What could not be honoured (one usable core, a server core with a
 * thread outside the usable CPUs, a set across sockets) is said in {@link #notes}.
 *
 * @param server    the server's CPUs
 * @param generator the CPUs of the other roles (load generator, backend, monitor, the build)
 * @param idle      usable CPUs neither gets: threads of the server's cores beyond its count
 * @param nested    for a list of counts, each count's CPUs (whole cores of {@code server}'s, the last first); empty for
 *                  one count
 * @param notes     what the choice could not honour, or what it left out, one sentence each
 */
public record CoreChoice(CpuList server, CpuList generator, CpuList idle, Map<Integer, CpuList> nested,
                         List<String> notes) {

    public CoreChoice {
        nested = Map.copyOf(nested);
        notes = List.copyOf(notes);
    }

    /** Half the usable physical cores (at least one) for the server, whole. */
    public static CoreChoice half(CpuTopology topology, CpuList usable) {
        List<Core> cores = topology.coresWithin(usable);
        if (cores.size() < 2) {
            return oneCore(topology, usable, 1);
        }
        return choose(topology, usable, cores.size() / 2, 0);
    }

    /**
     * The server on {@code cpus} CPUs of whole cores.
     *
     * @throws IllegalArgumentException when the usable CPUs cannot give that many and keep a core for the generator,
     *                                  naming the most they can
     */
    public static CoreChoice cpus(CpuTopology topology, CpuList usable, int cpus) {
        if (cpus > most(topology, usable)) {
            throw new IllegalArgumentException(refusal(topology, usable, cpus));
        }
        List<Core> cores = topology.coresWithin(usable);
        if (cores.size() < 2) {
            return oneCore(topology, usable, cpus);
        }
        return choose(topology, usable, 0, cpus);
    }

    /**
     * The server at each of {@code counts} CPUs (IBM's 1, 2 and 4): the largest count's cores chosen as {@link #cpus},
     * each smaller count the last of them, whole; the generator keeps the cores no count takes.
     */
    public static CoreChoice counts(CpuTopology topology, CpuList usable, List<Integer> counts) {
        int largest = counts.stream().mapToInt(Integer::intValue).max().orElseThrow();
        CoreChoice whole = cpus(topology, usable, largest);
        Map<Integer, CpuList> nested = new LinkedHashMap<>();
        // The chosen cores, last first, so that each smaller count takes the same cores as the larger ones' tail.
        List<Core> chosen = topology.coresWithin(whole.server).stream()
                .sorted(Comparator.comparingInt(Core::first).reversed()).toList();
        for (int count : new TreeSet<>(counts)) {
            List<Integer> cpus = new ArrayList<>();
            for (Core core : chosen) {
                if (cpus.size() >= count) {
                    break;
                }
                List<Integer> threads = core.within(whole.server).cpus();
                cpus.addAll(threads.subList(0, Math.min(threads.size(), count - cpus.size())));
            }
            nested.put(count, new CpuList(cpus));
        }
        return new CoreChoice(whole.server, whole.generator, whole.idle, nested, whole.notes);
    }

    /** The most CPUs the server can have, as whole cores, keeping at least one core for the generator. */
    public static int most(CpuTopology topology, CpuList usable) {
        List<Core> cores = topology.coresWithin(usable);
        if (cores.size() < 2) {
            return Math.max(0, usable.size() - 1);
        }
        // Every core but the first (CPU 0's, which the generator keeps): what the search over all cores can take.
        List<Core> lastFirst = lastFirst(cores);
        return lastFirst.subList(0, lastFirst.size() - 1).stream().mapToInt(c -> c.within(usable).size()).sum();
    }

    private static String refusal(CpuTopology topology, CpuList usable, int cpus) {
        int most = most(topology, usable);
        List<Core> cores = topology.coresWithin(usable);
        return "the server can have at most " + most + " CPU" + (most == 1 ? "" : "s") + " here"
                + (most < 1 ? " (none of its own)" : "") + ": the build may use " + usable.words() + ", "
                + cores.size() + " physical core" + (cores.size() == 1 ? "" : "s") + ", and keeps at least one whole"
                + " core for the load generator (asked " + cpus + ")";
    }

    /** One usable core: its threads split, the server on the last, which shares the core with the generator. */
    private static CoreChoice oneCore(CpuTopology topology, CpuList usable, int cpus) {
        CpuList server = usable.last(cpus);
        List<String> notes = new ArrayList<>(outside(topology, usable));
        notes.add("the build may use one physical core (" + usable.words() + "): the server shares it with the load"
                + " generator, whose work slows the server's as on one core");
        return new CoreChoice(server, usable.minus(server), CpuList.none(), Map.of(), notes);
    }

    /** {@code wantCores} whole cores, or whole cores enough for {@code wantCpus} CPUs. */
    private static CoreChoice choose(CpuTopology topology, CpuList usable, int wantCores, int wantCpus) {
        List<Core> cores = topology.coresWithin(usable);
        // The cores last first; the places to try, in order: one NUMA node, one socket, the whole machine.
        List<Core> lastFirst = lastFirst(cores);
        List<List<Core>> places = new ArrayList<>();
        places.addAll(lastFirst.stream().collect(Collectors.groupingBy(c -> c.socket() + "/" + c.node(),
                LinkedHashMap::new, Collectors.toList())).values());
        places.addAll(lastFirst.stream().collect(Collectors.groupingBy(Core::socket, LinkedHashMap::new,
                Collectors.toList())).values());
        places.add(lastFirst);
        List<Core> picked = null;
        for (List<Core> place : places) {
            List<Core> take = take(place, usable, wantCores, wantCpus);
            if (take != null && take.size() < cores.size()) {
                picked = take;
                break;
            }
        }
        if (picked == null) {
            // Only the cores that keep one for the generator: a count above most() was refused before.
            throw new IllegalStateException("no whole cores for the server among " + usable);
        }
        List<Core> chosen = picked;
        List<String> notes = new ArrayList<>();
        if (picked.stream().map(Core::node).distinct().count() > 1) {
            notes.add("the server's cores span " + span(picked) + ": no one NUMA node has enough usable cores, so"
                    + " some of its memory is remote");
        }
        List<Integer> server = new ArrayList<>();
        List<Integer> idle = new ArrayList<>();
        for (Core core : picked) {
            for (int cpu : core.within(usable).cpus()) {
                if (wantCpus == 0 || server.size() < wantCpus) {
                    server.add(cpu);
                } else {
                    idle.add(cpu);
                }
            }
        }
        CpuList serverCpus = new CpuList(server);
        CpuList idleCpus = new CpuList(idle);
        CpuList generator = new CpuList(cores.stream().filter(c -> !chosen.contains(c))
                .flatMap(c -> c.within(usable).cpus().stream()).toList());
        if (!idle.isEmpty()) {
            notes.add(idleCpus.words() + (idle.size() == 1 ? ", a thread" : ", threads") + " of the server's cores, "
                    + (idle.size() == 1 ? "is" : "are") + " left idle: " + wantCpus + " CPU" + (wantCpus == 1 ? " is" : "s are")
                    + " not a whole number of cores, and no load-generator thread may share a core with the server");
        }
        notes.addAll(0, outside(topology, usable, picked));
        return new CoreChoice(serverCpus, generator, idleCpus, Map.of(), notes);
    }

    /** The cores by socket, node and first CPU, the last first. */
    private static List<Core> lastFirst(List<Core> cores) {
        return cores.stream().sorted(Comparator.comparingInt(Core::socket).thenComparingInt(Core::node)
                .thenComparingInt(Core::first).reversed()).toList();
    }

    /** The first cores of {@code place} that give what is wanted; null when it has too few. */
    private static List<Core> take(List<Core> place, CpuList usable, int wantCores, int wantCpus) {
        List<Core> take = new ArrayList<>();
        int cpus = 0;
        for (Core core : place) {
            if (wantCores > 0 ? take.size() >= wantCores : cpus >= wantCpus) {
                break;
            }
            take.add(core);
            cpus += core.within(usable).size();
        }
        boolean enough = wantCores > 0 ? take.size() >= wantCores : cpus >= wantCpus;
        return enough ? take : null;
    }

    private static String span(List<Core> cores) {
        String sockets = cores.stream().map(Core::socket).distinct().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "));
        String nodes = cores.stream().map(Core::node).distinct().sorted().map(String::valueOf)
                .collect(Collectors.joining(", "));
        return "sockets " + sockets + " and NUMA nodes " + nodes;
    }

    private static List<String> outside(CpuTopology topology, CpuList usable) {
        return outside(topology, usable, topology.coresWithin(usable));
    }

    /** The threads of the server's cores the build may not use: whoever runs there shares a core with the server. */
    private static List<String> outside(CpuTopology topology, CpuList usable, List<Core> serverCores) {
        List<String> notes = new ArrayList<>();
        if (!usable.containsAll(topology.online())) {
            notes.add("the build may use " + usable.words() + " of the machine's " + topology.online().size()
                    + " (its affinity, or its cgroup's cpuset): the layout is within them");
        }
        CpuList foreign = new CpuList(serverCores.stream().flatMap(c -> c.cpus().cpus().stream())
                .filter(cpu -> !usable.cpus().contains(cpu)).toList());
        if (!foreign.isEmpty()) {
            notes.add(foreign.words() + ", sibling thread" + (foreign.size() == 1 ? "" : "s") + " of the server's cores,"
                    + " " + (foreign.size() == 1 ? "is" : "are") + " outside the CPUs the build may use: whatever runs"
                    + " there shares a core with the server, unseen by the run");
        }
        return notes;
    }
}
