package org.esbbench.report.cores;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Which CPUs each role of a run had, the run folder's {@code cpus.properties}: written by check when it plans the
 * run, read by every goal that starts a process (to start it inside its set) and by the analysis (for the busy share
 * of each role's cores and the flag that says what bounded a point).
 *
 * <p>Two modes. {@link Mode#ISOLATED}: the server under test (and the broker a profile starts) on {@code server},
 * everything else of the run (JMeter, engines, the echo backend, the monitor, the build) on {@code harness}.
 * {@link Mode#SHARED}: every process on every CPU, the machine's figures are the server's with the harness's.
 *
 * @param mode    isolated or shared
 * @param method  how the sets are enforced: {@link Method#CPUSET} (a cgroup v1 cpuset per role), {@link Method#CGROUP2}
 *                (a cgroup v2 group with the cpuset controller per role), {@link Method#AFFINITY}
 *                (a CPU affinity mask per process, {@code taskset}) or {@link Method#NONE} (shared)
 * @param machine the machine's online CPUs
 * @param server  the server's CPUs (every CPU when shared)
 * @param harness the other roles' CPUs (every CPU when shared)
 * @param serverStartedHere whether the suite starts the server (else it was started by hand on {@code server})
 * @param why     why the run is shared when it is (a value of -DserverCpus, or what the machine lacks); "" otherwise
 * @param serverCores the counts of server cores the run measures each point at (IBM's 1, 2 and 4), smallest first,
 *                when the count is a dimension of the points: {@code server} is then the largest count's CPUs (the
 *                last ones), a point at {@code n} cores has the last {@code n} of them ({@link #serverFor}) and the
 *                harness keeps the same CPUs throughout; empty when the run has one set of server CPUs
 * @param countSets   each count's CPUs when they are not the last {@code n} of {@code server} (whole physical cores,
 *                    {@code org.esbbench.report.topology.CoreChoice}); empty otherwise
 * @param notes       what the layout could not honour or left out (a core shared with the generator, siblings left
 *                    idle or outside the build's CPUs, a set across NUMA nodes), one sentence each
 */
public record CpuLayout(Mode mode, Method method, CpuList machine, CpuList server, CpuList harness,
                        boolean serverStartedHere, String why, List<Integer> serverCores,
                        Map<Integer, CpuList> countSets, List<String> notes) {
    public static final String FILE = "cpus.properties";

    public enum Mode {
        ISOLATED, SHARED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public enum Method {
        // best first
        CGROUP2("cgroup2-cpuset", "cgroup v2 cpuset"), CPUSET("cgroup-cpuset", "cgroup cpuset"),
        AFFINITY("affinity", "CPU affinity"), NONE("none", "none");

        private final String id;
        private final String words;

        Method(String id, String words) {
            this.id = id;
            this.words = words;
        }

        public String id() {
            return id;
        }

        /** As the run's description says it. */
        public String words() {
            return words;
        }

        /** Whether each role has a cgroup of its own (v1 or v2), which the run removes when it ends. */
        public boolean cpuset() {
            return this == CPUSET || this == CGROUP2;
        }

        static Method of(String id) {
            for (Method m : values()) {
                if (m.id.equals(id)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("unknown CPU placement method '" + id + "'");
        }
    }

    public CpuLayout {
        why = why == null ? "" : why;
        serverCores = serverCores == null ? List.of() : List.copyOf(new java.util.TreeSet<>(serverCores));
        countSets = countSets == null ? Map.of() : Map.copyOf(countSets);
        notes = notes == null ? List.of() : List.copyOf(notes);
        if (!serverCores.isEmpty() && serverCores.get(serverCores.size() - 1) != server.size()) {
            throw new IllegalArgumentException("the server's CPUs " + server + " are not the largest of its core counts "
                    + serverCores);
        }
        if (mode == Mode.ISOLATED && !server.disjoint(harness)) {
            throw new IllegalArgumentException("the server's CPUs " + server + " and the harness's " + harness + " overlap");
        }
    }

    /** A layout whose counts take the last CPUs of {@code server}, with nothing to note. */
    public CpuLayout(Mode mode, Method method, CpuList machine, CpuList server, CpuList harness,
                     boolean serverStartedHere, String why, List<Integer> serverCores) {
        this(mode, method, machine, server, harness, serverStartedHere, why, serverCores, Map.of(), List.of());
    }

    /** A layout with one set of server CPUs. */
    public CpuLayout(Mode mode, Method method, CpuList machine, CpuList server, CpuList harness,
                     boolean serverStartedHere, String why) {
        this(mode, method, machine, server, harness, serverStartedHere, why, List.of());
    }

    /** Every process on every CPU of {@code machine}, for {@code why}. */
    public static CpuLayout shared(CpuList machine, boolean serverStartedHere, String why) {
        return new CpuLayout(Mode.SHARED, Method.NONE, machine, machine, machine, serverStartedHere, why);
    }

    private static List<Integer> counts(String text) {
        List<Integer> counts = new java.util.ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                counts.add(Integer.parseInt(part.trim()));
            }
        }
        return counts;
    }

    private static Map<Integer, CpuList> countSets(String text) {
        Map<Integer, CpuList> sets = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            if (!part.isBlank()) {
                int colon = part.indexOf(':');
                sets.put(Integer.parseInt(part.substring(0, colon).trim()), CpuList.parse(part.substring(colon + 1)));
            }
        }
        return sets;
    }

    /** The row of {@code cpu.csv} with one CPU's busy time: {@code cpu0}, {@code cpu1}, ... */
    public static String cpuRow(int cpu) {
        return "cpu" + cpu;
    }

    public boolean isolated() {
        return mode == Mode.ISOLATED;
    }

    /** Whether the count of server cores is a dimension of the run's points. */
    public boolean variesServerCores() {
        return !serverCores.isEmpty();
    }

    /** The counts of server cores as -DserverCpus takes them: "1,2"; "" when the count is not varied. */
    public String serverCoresText() {
        return serverCores.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
    }

    /**
     * The server's CPUs at a point measured with {@code cores} server cores: the last {@code cores} of
     * {@link #server}; {@link #server} itself for 0 (a point of a run that does not vary the count).
     */
    public CpuList serverFor(int cores) {
        if (cores <= 0) {
            return server;
        }
        if (!serverCores.contains(cores)) {
            throw new IllegalArgumentException(cores + " server cores: the run measures " + serverCores);
        }
        return countSets.getOrDefault(cores, server.last(cores));
    }

    /**
     * One sentence for the run's description and the summary: where each role ran and how that was enforced, e.g.
     * "server on CPU 1, load generator, backend and monitor on CPU 0 of 2 (cgroup cpuset)".
     */
    public String describe() {
        if (!isolated()) {
            return "shared cores: server, load generator and backend on all " + machine.size() + " CPUs ("
                    + machine + ")" + (why.isEmpty() ? "" : ", " + why);
        }
        String where = variesServerCores()
                ? "server on " + (countsTakeTheLast() ? "the last " : "") + serverCores.stream().map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining(", ")) + " of " + server.words()
                        + (countsTakeTheLast() ? "" : ", by whole cores") + " (one count per point, restarted between counts)"
                : "server on " + server.words();
        return where + (serverStartedHere ? "" : " (started by hand)")
                + ", load generator, backend and monitor on " + harness.words() + " of " + machine.size()
                + " (" + method.words() + ")";
    }

    /** Whether each count's CPUs are the last of {@link #server} (no whole cores chosen otherwise). */
    private boolean countsTakeTheLast() {
        return countSets.entrySet().stream().allMatch(e -> e.getValue().equals(server.last(e.getKey())));
    }

    /** The layout as run.json shows it. */
    public Map<String, Object> record() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", mode.id());
        m.put("method", method.id());
        m.put("machine", machine.toString());
        m.put("server", server.toString());
        m.put("harness", harness.toString());
        m.put("serverStartedHere", serverStartedHere);
        if (!why.isEmpty()) {
            m.put("why", why);
        }
        if (variesServerCores()) {
            m.put("serverCores", serverCoresText());
        }
        if (!countSets.isEmpty()) {
            m.put("countSets", new java.util.TreeMap<>(countSets).entrySet().stream()
                    .map(e -> e.getKey() + ":" + e.getValue()).collect(java.util.stream.Collectors.joining(";")));
        }
        if (!notes.isEmpty()) {
            m.put("notes", String.join("\n", notes));
        }
        return m;
    }

    public void write(Path runDir) throws IOException {
        Properties p = new Properties();
        record().forEach((k, v) -> p.setProperty(k, String.valueOf(v)));
        try (Writer w = Files.newBufferedWriter(runDir.resolve(FILE))) {
            p.store(w, "Which CPUs each role of the run had (esb-bench check)");
        }
    }

    /** The layout of {@code runDir}; empty for a run folder written before runs recorded one (shared). */
    public static Optional<CpuLayout> read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        try {
            return Optional.of(new CpuLayout(Mode.valueOf(p.getProperty("mode", "shared").trim().toUpperCase(java.util.Locale.ROOT)),
                    Method.of(p.getProperty("method", "none").trim()), CpuList.parse(p.getProperty("machine")),
                    CpuList.parse(p.getProperty("server")), CpuList.parse(p.getProperty("harness")),
                    Boolean.parseBoolean(p.getProperty("serverStartedHere", "true").trim()), p.getProperty("why", ""),
                    counts(p.getProperty("serverCores", "")), countSets(p.getProperty("countSets", "")),
                    p.getProperty("notes", "").isBlank() ? List.of() : List.of(p.getProperty("notes").split("\n"))));
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a CPU layout: " + e.getMessage(), e);
        }
    }
}
