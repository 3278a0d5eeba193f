package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterCatalogue;
import org.esbbench.maven.parameters.RunParameter;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.JmsProvider;
import org.esbbench.maven.targets.TargetProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.esbbench.report.arrivals.DrainWindow;
import org.esbbench.report.arrivals.InFlightCap;
import java.util.Optional;
import java.util.Set;
import org.esbbench.report.points.LoadSplit;
import org.esbbench.report.points.Point;

/**
 * The one channel from a run to its plans: every plan parameter of one scenario run, passed to its JMeter as
 * {@code -Jname=value}. Nothing reaches a plan another way (the laid-out JMeter's user.properties holds none of
 * them), so what run.json records is what the plans got, and a plan's contract is checked against {@link #NAMES}.
 *
 * <p>Each load model's thread group reads its own parameters; the suite gives the other model nothing to do:
 * the closed model gets {@code users}, {@code rampup} and {@code hold} with {@code rate=0}; the open model gets
 * {@code rate} and {@code duration} with {@code users=0}. Load lasts {@link RunParameters#loadSeconds()}: the windows
 * and a short tail that the analysis drops. In the open model the plan then waits {@code drain} seconds (the
 * response timeout) without arrivals: JMeter's Open Model Thread Group interrupts the samples still in flight when
 * its schedule ends, which would show as errors of the harness's own making. The open model's {@code duration} is
 * {@link RunParameters#OPEN_MODEL_SLACK_SECONDS} longer: the suite's own hook ends its arrivals and its drain on time
 * ({@link JMeterCommand#RUN_INIT_SCRIPT}).
 */
public final class PlanProperties {

    /** Every property the suite passes to every plan: the catalogue's parameters for plans and the suite's own. */
    public static final Set<String> NAMES = names(ParameterCatalogue.STANDARD);

    /** The names a plan may read of a run with the parameters of {@code catalogue}. */
    public static Set<String> names(ParameterCatalogue catalogue) {
        Set<String> names = new java.util.LinkedHashSet<>();
        catalogue.having(RunParameter.Trait.TO_PLANS).forEach(p -> names.add(p.name()));
        names.addAll(ParameterCatalogue.SUITE_PLAN_PROPERTIES.keySet());
        return java.util.Collections.unmodifiableSet(names);
    }

    /**
     * What only the JMeter client of a distributed run gets (-J): the files the client itself writes or the
     * engines have at their own paths (each engine is started with its own payloadDir and keystoreDir; paths never
     * travel to another machine), and the PerfMon gate, which JMeter resolves on the client before the plan is
     * sent (the collector stays on the client); and the JMS reply queue, which each engine has its own of.
     */
    static final Set<String> CLIENT_ONLY = Set.of("payloadDir", "keystoreDir", "perfmonHost", "perfmonPort", "perfmonFile",
            "replyQueue");

    /** The JMS reply queue of a run without remote engines (engine-k uses {@code perf.reply.engine-k}). */
    static final String REPLY_QUEUE = "perf.reply";

    private PlanProperties() {
    }

    /**
     * The global properties (-G) every engine of a distributed run gets: the scenario run's properties without
     * {@link #CLIENT_ONLY}, with {@code users=0} and {@code rate=0} (an engine without esb-bench's load-share hook
     * runs nothing, so the load is never multiplied) and each engine's share of the totals ({@link LoadSplit}) in
     * {@code esbbench.share.users} and {@code esbbench.share.rate}, keyed by the engine's -R address, which the hook
     * reads at the start of the test.
     *
     * @param addresses the engines' -R addresses, in -Dgenerators order
     */
    public static Map<String, String> forEngines(Map<String, String> properties, List<String> addresses) {
        Map<String, String> g = new LinkedHashMap<>();
        properties.forEach((name, value) -> {
            if (!CLIENT_ONLY.contains(name)) {
                g.put(name, value);
            }
        });
        g.put("users", "0");
        g.put("rate", "0");
        g.put("esbbench.share.users", shares(properties.get("users"), addresses));
        g.put("esbbench.share.rate", shares(properties.get("rate"), addresses));
        return g;
    }

    /** Each engine's share of a total: {@code address=share,address=share}. */
    static String shares(String total, List<String> addresses) {
        List<Integer> shares = LoadSplit.of(total == null || total.isEmpty() ? 0 : Integer.parseInt(total), addresses.size());
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            entries.add(addresses.get(i) + "=" + shares.get(i));
        }
        return String.join(",", entries);
    }

    /** {@code -Gname=value} for each property. */
    static List<String> asGlobalArguments(Map<String, String> properties) {
        List<String> args = new ArrayList<>();
        properties.forEach((name, value) -> args.add("-G" + name + "=" + value));
        return args;
    }

    /** Where the plans' files live, and the optional PerfMon agent the plans' collector reads. */
    public record Files(Path payloadDir, Path keystoreDir, Path perfmonFile, Optional<String> perfmonHost, int perfmonPort) {
        public static Files of(Path root, Path perfmonFile, String perfmonHost, int perfmonPort) {
            return new Files(root.resolve("data/generated"), root.resolve("config/keystores"), perfmonFile,
                    Optional.ofNullable(perfmonHost).map(String::trim).filter(h -> !h.isEmpty()), perfmonPort);
        }
    }

    /** The properties of one scenario run, in a stable order. */
    public static Map<String, String> of(RunParameters run, TargetProfile profile, RunnablePlan plan, Point point, Files files)
            throws InvalidRunException {
        RunParameters.PlanSettings s = run.settings();
        long load = run.loadSeconds();
        boolean closed = !point.isOpen();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("host", profile.host());
        p.put("port", Integer.toString(profile.port()));
        p.put("protocol", profile.protocol());
        p.put("jmsUrl", profile.jmsProviderUrl().toString());
        JmsProvider jms = JmsProvider.of(profile);
        p.put("jmsJndiFactory", jms.jndiFactory());
        p.put("jmsConnectionFactory", jms.connectionFactory());
        if (plan.scenario().isPresent()) {
            p.put("scenario", plan.scenario().get().id());
            p.put("path", profile.endpoint(plan.scenario().get()));
        } else {
            // A user's plan sends to its own default path unless the profile maps its id.
            profile.endpointOverride(plan.id()).ifPresent(path -> p.put("path", path));
        }
        p.put("model", closed ? "closed" : "open");
        p.put("users", Integer.toString(point.users()));
        p.put("rampup", Long.toString(closed ? s.rampupSeconds() : 0));
        p.put("hold", Long.toString(closed ? load - s.rampupSeconds() : load));
        p.put("rate", Integer.toString(point.rate()));
        p.put("duration", Long.toString(closed ? load : load + RunParameters.OPEN_MODEL_SLACK_SECONDS));
        p.put("drain", Long.toString(closed ? 0
                : DrainWindow.seconds(run.planValues().get(DrainWindow.PARAMETER), s.responseTimeoutMs())));
        p.put(InFlightCap.PARAMETER, Integer.toString(closed ? 1
                : InFlightCap.of(run.planValues().get(InFlightCap.PARAMETER), point.rate(), point.delayMs())));
        p.put("warmup", Long.toString(run.warmupSeconds()));
        p.put("measurement", Long.toString(run.measurementSeconds()));
        p.put("size", Integer.toString(point.sizeBytes()));
        p.put("delay", Long.toString(point.delayMs()));
        p.put("reuse", Integer.toString(s.reuse()));
        p.put("connectTimeout", Integer.toString(s.connectTimeoutMs()));
        p.put("responseTimeout", Integer.toString(s.responseTimeoutMs()));
        p.put("wsSuite", s.wsSuite());
        p.put("wsMode", s.wsMode());
        p.put("wsPool", Integer.toString(s.wsPool()));
        p.put("payloadDir", files.payloadDir().toString());
        p.put("keystoreDir", files.keystoreDir().toString());
        files.perfmonHost().ifPresent(host -> {
            p.put("perfmonHost", host);
            p.put("perfmonPort", Integer.toString(files.perfmonPort()));
        });
        p.put("perfmonFile", files.perfmonFile().toString());
        // The JMS reply queue of a local JMeter; each remote engine has its own (JMeter's receiver takes every reply
        // on its queue, so two engines on one queue would take each other's), set when the engine starts.
        p.put("replyQueue", REPLY_QUEUE);
        // Every other parameter the catalogue passes to plans, as given (wsFreshTtl, ...).
        run.planValues().forEach(p::putIfAbsent);
        return p;
    }

    /** The parameters every point shares, for the check's summary line. */
    public static String describeSettings(RunParameters run) {
        RunParameters.PlanSettings s = run.settings();
        return "rampup " + s.rampupSeconds() + " s (closed model, capped at the warm-up), reuse " + s.reuse()
                + ", connectTimeout " + s.connectTimeoutMs() + " ms, responseTimeout " + s.responseTimeoutMs()
                + " ms" + (run.scenarios().contains(org.esbbench.core.Scenario.WS_SECURITY) || run.plans().stream()
                .anyMatch(p -> !p.isStandard()) ? ", wsSuite " + s.wsSuite() + ", wsMode " + s.wsMode() + ", wsPool "
                + s.wsPool() : "") + "; load lasts warm-up + measurement + " + RunParameters.TAIL_SECONDS + " s per scenario run";
    }

    /** {@code -Jname=value} for each property. */
    public static List<String> asArguments(Map<String, String> properties) {
        List<String> args = new ArrayList<>();
        properties.forEach((name, value) -> args.add("-J" + name + "=" + value));
        return args;
    }
}
