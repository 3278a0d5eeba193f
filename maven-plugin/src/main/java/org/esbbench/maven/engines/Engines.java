package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.Checks;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterCatalogue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.esbbench.report.points.LoadSplit;

/**
 * Where the load comes from ({@code -Dgenerators} and the {@code generator*} parameters): empty, one local JMeter
 * per scenario run as always; {@code local:N}, N JMeter engines on loopback that the suite starts and stops;
 * {@code host[:port],...}, JMeter engines already running elsewhere ({@code scripts/jmeter-engine.sh}), driven over
 * RMI by one JMeter client per scenario run. Totals ({@code users}, {@code rate}) are shared among the engines
 * ({@link LoadSplit}), never multiplied.
 *
 * @param kind          none, local or remote
 * @param engines       the engines in {@code -Dgenerators} order (local ones have port 0 until they are started)
 * @param ssl           RMI over SSL with the project's keystore ({@code config/rmi}); off only on loopback
 * @param clientAddress the client's {@code java.rmi.server.hostname}; "" = chosen (127.0.0.1 for local engines)
 * @param clientPort    the client's {@code client.rmi.localport} (0 = any)
 * @param perfmonPort   the PerfMon agent port on each remote engine's host (0 = none); recorded for the monitor
 * @param heapMb        heap of each local engine in MB; 0 = the client's ({@code jmeter.heap})
 * @param mode          JMeter's sample sender mode
 */
public record Engines(Kind kind, List<EngineAddress> engines, boolean ssl, String clientAddress, int clientPort,
                         int perfmonPort, int heapMb, String mode) {

    public enum Kind {
        NONE, LOCAL, REMOTE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One engine: its id (engine-1..N) and the address the client reaches its RMI registry at. */
    public record EngineAddress(String id, String host, int registryPort) {
        /** The {@code -R} entry, which is also the host string the engine's test listeners receive. */
        public String address() {
            return host + ":" + registryPort;
        }
    }

    public static final int MAX_LOCAL = 16;
    public static final int DEFAULT_REGISTRY_PORT = 1099;
    /**
     * JMeter's own default sender, and the suite's: each sampling thread sends its batch (100 samples) itself, and
     * at the test's end the engine sends what it holds before it reports the end.
     */
    public static final String BATCH = "StrippedBatch";
    /**
     * Queued, sent by one background thread per engine. JMeter 5.6.3's AsynchSampleSender reports the test's end
     * to the client before its queue is drained, so the last samples can arrive after the client has closed the
     * results file (lost): selectable, not the default.
     */
    public static final String ASYNCH = "StrippedAsynch";
    public static final List<String> MODES = List.of(BATCH, ASYNCH);

    /** The parameters by property name, with their defaults (the suite pom's). */
    public static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        ParameterCatalogue.STANDARD.all().stream().filter(p -> p.name().startsWith("generator"))
                .forEach(p -> d.put(p.name(), p.defaultValue()));
        return java.util.Collections.unmodifiableMap(d);
    }

    public Engines {
        engines = List.copyOf(engines);
    }

    /** Whether the load comes from remote engines (local or elsewhere) rather than one local JMeter. */
    public boolean distributed() {
        return kind != Kind.NONE;
    }

    /** Parses the {@code generator*} entries of a run's parameters; missing ones take their defaults. */
    public static Engines parse(Map<String, String> parameters) throws InvalidRunException {
        Map<String, String> v = new LinkedHashMap<>(DEFAULTS);
        DEFAULTS.keySet().forEach(k -> {
            String value = parameters.get(k);
            if (value != null) {
                v.put(k, value.trim());
            }
        });
        String spec = v.get("generators");
        boolean ssl = Checks.bool("generatorSsl", v.get("generatorSsl"));
        int clientPort = Checks.port("generatorClientPort", v.get("generatorClientPort"), Checks.ANY_FREE_PORT);
        int perfmonPort = Checks.port("generatorPerfmonPort", v.get("generatorPerfmonPort"), Checks.NO_PERFMON_AGENT);
        int heap = heap(v.get("generatorHeap"));
        String mode = mode(v.get("generatorMode"));
        String clientAddress = v.get("generatorClientAddress");
        if (clientAddress.contains(":")) {
            throw new InvalidRunException("-DgeneratorClientAddress=" + clientAddress + ": give a host name or an"
                    + " IPv4 address this machine has, without a port (the port is -DgeneratorClientPort)");
        }
        if (spec.isEmpty()) {
            return new Engines(Kind.NONE, List.of(), ssl, clientAddress, clientPort, perfmonPort, heap, mode);
        }
        if (spec.toLowerCase(Locale.ROOT).startsWith("local:") || spec.toLowerCase(Locale.ROOT).equals("local")) {
            int n = localCount(spec);
            List<EngineAddress> engines = new ArrayList<>();
            for (int k = 1; k <= n; k++) {
                engines.add(new EngineAddress("engine-" + k, "127.0.0.1", 0));
            }
            return new Engines(Kind.LOCAL, engines, ssl, clientAddress.isEmpty() ? "127.0.0.1" : clientAddress,
                    clientPort, perfmonPort, heap, mode);
        }
        List<EngineAddress> engines = hosts(spec);
        if (!ssl) {
            throw new InvalidRunException("-DgeneratorSsl=false with -Dgenerators=" + spec + ": RMI without SSL is"
                    + " allowed for engines on this machine only (-Dgenerators=local:N), because JMeter then binds"
                    + " its RMI ports on every interface without authentication; keep SSL on for remote engines"
                    + " (the keystore in config/rmi is copied with scripts/jmeter-engine.sh)");
        }
        return new Engines(Kind.REMOTE, engines, true, clientAddress, clientPort, perfmonPort, heap, mode);
    }

    private static int localCount(String spec) throws InvalidRunException {
        String n = spec.substring(spec.indexOf(':') + 1).trim();
        if (spec.contains(",")) {
            throw new InvalidRunException("-Dgenerators=" + spec + ": local:N cannot be mixed with hosts; give"
                    + " either local:N (N engines on this machine) or host[:port],host[:port] (engines running elsewhere)");
        }
        try {
            int count = Integer.parseInt(n);
            if (count >= 1 && count <= MAX_LOCAL) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRunException("-Dgenerators=" + spec + ": local:N takes N from 1 to " + MAX_LOCAL
                + " (the number of JMeter engines the suite starts on this machine), e.g. -Dgenerators=local:2");
    }

    private static List<EngineAddress> hosts(String spec) throws InvalidRunException {
        List<EngineAddress> engines = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String part : spec.split(",", -1)) {
            String entry = part.trim();
            if (entry.isEmpty()) {
                throw new InvalidRunException("-Dgenerators=" + spec + ": an empty entry; give host[:port] entries"
                        + " separated by commas, e.g. 10.0.0.5,10.0.0.6:1100");
            }
            if (entry.toLowerCase(Locale.ROOT).startsWith("local")) {
                throw new InvalidRunException("-Dgenerators=" + spec + ": local:N cannot be mixed with hosts; give"
                        + " either local:N or host[:port] entries");
            }
            if (entry.startsWith("[") || entry.chars().filter(c -> c == ':').count() > 1) {
                throw new InvalidRunException("-Dgenerators=" + spec + ": '" + entry + "' looks like an IPv6 address,"
                        + " which JMeter's client cannot take with a port; give the engine's host name or IPv4 address");
            }
            int colon = entry.indexOf(':');
            String host = colon < 0 ? entry : entry.substring(0, colon).trim();
            int port = colon < 0 ? DEFAULT_REGISTRY_PORT : Checks.port("generators", entry.substring(colon + 1), null);
            if (host.isEmpty() || !host.matches("[A-Za-z0-9._-]+")) {
                throw new InvalidRunException("-Dgenerators=" + spec + ": '" + entry + "' is not host[:port]"
                        + " (a host name or IPv4 address, then optionally ':' and the engine's registry port, 1099 by default)");
            }
            EngineAddress engine = new EngineAddress("engine-" + (engines.size() + 1), host, port);
            if (!seen.add(engine.address().toLowerCase(Locale.ROOT))) {
                throw new InvalidRunException("-Dgenerators=" + spec + ": " + engine.address() + " is listed twice;"
                        + " each engine once (two engines on one host need two ports)");
            }
            engines.add(engine);
        }
        return engines;
    }

    private static int heap(String value) throws InvalidRunException {
        try {
            int mb = Integer.parseInt(value.trim());
            if (mb == 0 || (mb >= 64 && mb <= 1 << 20)) {
                return mb;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRunException("-DgeneratorHeap=" + value + ": the heap of each local engine in MB (at least 64),"
                + " or 0 for the client's (-Djmeter.heap)");
    }

    private static String mode(String value) throws InvalidRunException {
        for (String m : MODES) {
            if (m.equalsIgnoreCase(value)) {
                return m;
            }
        }
        throw new InvalidRunException("-DgeneratorMode=" + value + ": valid: " + String.join(", ", MODES)
                + " (JMeter's sample senders that keep no response data)");
    }

    /** The heap of each local engine: {@code generatorHeap}, else the client's. */
    public int engineHeapMb(int jmeterHeapMb) {
        return heapMb > 0 ? heapMb : jmeterHeapMb;
    }

    /** "users 3 over 2 engines: 2+1": one total's split, for check's lines. */
    public String describeSplit(String what, int total) {
        List<Integer> shares = LoadSplit.of(total, engines.size());
        return what + " " + total + " over " + engines.size() + " engine" + (engines.size() == 1 ? "" : "s") + ": "
                + String.join("+", shares.stream().map(String::valueOf).toList());
    }

    /**
     * What check says about the generators: where the engines are, the split of each load value, and the warnings
     * (SSL off opens the RMI ports on every interface; an engine with no load; more local engines than cores).
     */
    public List<String> checkLines(List<Integer> users, List<Integer> rates, boolean closed, boolean open, int cores) {
        List<String> lines = new ArrayList<>();
        if (!distributed()) {
            return lines;
        }
        lines.add("generators: " + (kind == Kind.LOCAL ? engines.size() + " JMeter engine(s) on this machine, started"
                + " and stopped by the suite" : "remote JMeter engines " + String.join(", ",
                engines.stream().map(e -> e.id() + " " + e.address()).toList())) + "; sample sender " + mode
                + "; RMI " + (ssl ? "over SSL (keystore config/rmi)" : "WITHOUT SSL"));
        if (!ssl) {
            lines.add("warning: -DgeneratorSsl=false: for this run the engines' RMI ports are open on EVERY interface"
                    + " of this machine, without authentication (JMeter binds no address without SSL)");
        }
        boolean idle = false;
        if (closed) {
            for (int u : users) {
                lines.add(describeSplit("users", u));
                idle |= u < engines.size();
            }
        }
        if (open) {
            for (int r : rates) {
                lines.add(describeSplit("rate", r));
                idle |= r < engines.size();
            }
        }
        if (idle) {
            lines.add("warning: some load values are smaller than the number of engines: an engine with a share of 0"
                    + " runs the plan with no load");
        }
        if (kind == Kind.LOCAL && engines.size() > cores) {
            lines.add("warning: -Dgenerators=local:" + engines.size() + " on " + cores + " cores: the engines compete"
                    + " for the CPU with each other and the server");
        }
        return lines;
    }
}
