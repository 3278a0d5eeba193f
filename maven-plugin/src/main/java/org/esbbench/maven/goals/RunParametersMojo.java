package org.esbbench.maven.goals;

import org.esbbench.maven.engines.Generators;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.Matrix;
import org.esbbench.maven.parameters.ParameterSources;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * The goals that read the run's parameters from the build's properties: check, which validates them and writes
 * them into the run plan for the later goals, and gui. They are the same Maven properties the JMeter plans
 * receive (-Dusers=100 reaches both the checks here and the plans), so a value is typed once.
 */
abstract class RunParametersMojo extends EsbBenchMojo {

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    /** This goal's execution: its POM configuration tells a literal value from a property (ParameterSources). */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    MojoExecution execution;

    /** A published matrix, config/matrices/NAME.properties; explicit -D values override its dimensions one by one. */
    @Parameter(property = "matrix", defaultValue = "")
    String matrix;

    /** Points left out of the cross product: plan@bytes, comma separated (a matrix's exclude=). */
    @Parameter(property = "exclude", defaultValue = "")
    String exclude;

    /** Scenario ids to run, comma separated, "all" or "none"; empty: all, unless -Dplans names plans of one's own. */
    @Parameter(property = "scenarios", defaultValue = "")
    String scenarios;

    /** Plans of one's own: .jmx files or folders of them, comma separated, relative to the checkout's root. */
    @Parameter(property = "plans", defaultValue = "")
    String plans;

    /** Load model: closed (users loop without think time) or open (arrivals at a rate). */
    @Parameter(property = "model", defaultValue = "closed")
    String model;

    /** Concurrent users (closed model): one value or a comma-separated list. */
    @Parameter(property = "users", defaultValue = "10")
    String users;

    /** Arrivals per second (open model): one value or a comma-separated list. */
    @Parameter(property = "rate", defaultValue = "100")
    String rate;

    /** Payload size in bytes: one value or a comma-separated list. */
    @Parameter(property = "size", defaultValue = "1024")
    String size;

    /** Backend delay in milliseconds: one value or a comma-separated list. */
    @Parameter(property = "delay", defaultValue = "0")
    String delay;

    /** How many times each point is measured; the summary reports the median and the spread. */
    @Parameter(property = "repeats", defaultValue = "1")
    String repeats;

    /** Warm-up window in seconds (ramp-up falls inside it). */
    @Parameter(property = "warmup", defaultValue = "300")
    String warmup;

    /** Measurement window in seconds. */
    @Parameter(property = "measurement", defaultValue = "900")
    String measurement;

    /** Closed model: seconds to start all users, capped at the warm-up. */
    @Parameter(property = "rampup", defaultValue = "30")
    String rampup;

    /** Requests per keep-alive connection before it is renewed; 0 = never. */
    @Parameter(property = "reuse", defaultValue = "5000")
    String reuse;

    /** Connect timeout of the HTTP plans, ms. */
    @Parameter(property = "connectTimeout", defaultValue = "5000")
    String connectTimeout;

    /** Reply timeout of the plans, ms. */
    @Parameter(property = "responseTimeout", defaultValue = "30000")
    String responseTimeout;

    /** WS-Security algorithm suite of the ws-security plan, the reference server and the preflight: modern or classic. */
    @Parameter(property = "wsSuite", defaultValue = "modern")
    String wsSuite;

    /** ws-security requests: pool (made before the run, sent in turn) or fresh (secured as each is sent). */
    @Parameter(property = "wsMode", defaultValue = "pool")
    String wsMode;

    /** ws-security: secured requests in the pool. */
    @Parameter(property = "wsPool", defaultValue = "100")
    String wsPool;

    /** Heap of the server the build starts (-Xms and -Xmx). */
    @Parameter(property = "heap", defaultValue = "512m")
    String heap;

    /** Target profile name: config/targets/NAME.properties. */
    @Parameter(property = "target", defaultValue = "reference")
    String target;

    /** Where the load comes from: empty (one local JMeter), local:N (engines on loopback) or host[:port],... ({@link Generators}). */
    @Parameter(property = "generators", defaultValue = "")
    String generators;

    /** RMI between the JMeter client and its engines over SSL (config/rmi keystore); false only with local:N. */
    @Parameter(property = "generatorSsl", defaultValue = "true")
    String generatorSsl;

    /** The client's RMI address (java.rmi.server.hostname); empty: 127.0.0.1 for local:N, else the route to engine-1. */
    @Parameter(property = "generatorClientAddress", defaultValue = "")
    String generatorClientAddress;

    /** The client's RMI port (client.rmi.localport; it uses up to three from there); 0: any. */
    @Parameter(property = "generatorClientPort", defaultValue = "0")
    String generatorClientPort;

    /** The PerfMon agent port on each remote engine's host, for the engines' CPU; 0: none. */
    @Parameter(property = "generatorPerfmonPort", defaultValue = "4444")
    String generatorPerfmonPort;

    /** Heap (MB) of each local engine; 0: the client's, -Djmeter.heap. */
    @Parameter(property = "generatorHeap", defaultValue = "0")
    String generatorHeap;

    /** JMeter's sample sender mode of distributed runs: StrippedBatch (JMeter's default) or StrippedAsynch. */
    @Parameter(property = "generatorMode", defaultValue = "StrippedBatch")
    String generatorMode;

    /** Errors tolerated per scenario run, % of its samples (0..100); incorrect replies always fail (ErrorTolerance). */
    @Parameter(property = "maxErrorPercent", defaultValue = "0")
    String maxErrorPercent;

    /**
     * What becomes of each scenario run's raw results: compressed (gzip, as soon as its JMeter ended), none (dropped
     * once analysed) or plain (RawResults). Not a measurement parameter: a resumed run may change it.
     */
    @Parameter(property = "keepResults", defaultValue = "compressed")
    String keepResults;
    /** How far (%) a window's first and last thirds may differ in throughput or p99 before it is flagged drift. */
    @Parameter(property = "driftThreshold", defaultValue = "10")
    String driftThreshold;

    /** Drills and tests only: share of requests the echo backend answers with 503 (BackendDrill). */
    @Parameter(property = "backendFailPercent", defaultValue = "0")
    String backendFailPercent;

    RunParameters plan() throws MojoFailureException {
        try {
            return RunParameters.parse(parameters(), root(), root().resolve("jmx"));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /**
     * Every run parameter by its property name, the matrix laid under the explicit ones: what RunParameters validates and
     * the run plan records.
     */
    Map<String, String> parameters() throws InvalidRunException {
        return mergedParameters().values();
    }

    /** The build's values merged with -Dmatrix and the target profile's default.NAME keys, and where each came from. */
    ParameterSources.Merged mergedParameters() throws InvalidRunException {
        Map<String, String> values = buildParameters();
        Optional<Matrix> m = matrix == null || matrix.isBlank() ? Optional.empty()
                : Optional.of(Matrix.load(root().resolve("config/matrices"), matrix.trim()));
        ParameterSources.Merged merged = ParameterSources.merge(values, m, explicit(values.keySet()));
        TargetProfile profile = TargetProfile.load(root().resolve("config/targets"), target);
        return ParameterSources.withProfileDefaults(merged, profile.properties(), profile.file().toString());
    }

    /** Which of {@code names} this build sets explicitly: -D, or a literal in this execution's POM configuration. */
    ParameterSources.Explicit explicit(java.util.Collection<String> names) {
        Xpp3Dom configuration = execution == null ? null : execution.getConfiguration();
        return ParameterSources.Explicit.of(names, session == null ? null : session.getUserProperties(), name -> {
            Xpp3Dom child = configuration == null ? null : configuration.getChild(name);
            return child == null ? null : child.getValue();
        });
    }

    /** Every run parameter as this goal received it (-D, POM configuration, suite pom property or default). */
    public Map<String, String> buildParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("scenarios", scenarios);
        p.put("plans", plans);
        p.put("model", model);
        p.put("users", users);
        p.put("rate", rate);
        p.put("size", size);
        p.put("delay", delay);
        p.put("repeats", repeats);
        p.put("warmup", warmup);
        p.put("measurement", measurement);
        p.put("heap", heap);
        p.put("rampup", rampup);
        p.put("reuse", reuse);
        p.put("connectTimeout", connectTimeout);
        p.put("responseTimeout", responseTimeout);
        p.put("wsSuite", wsSuite);
        p.put("wsMode", wsMode);
        p.put("wsPool", wsPool);
        // No suite pom property: Maven leaves the field null when nothing sets it, and the run plan would record null.
        p.put("exclude", exclude == null ? "" : exclude);
        p.put("generators", generators);
        p.put("generatorSsl", generatorSsl);
        p.put("generatorClientAddress", generatorClientAddress);
        p.put("generatorClientPort", generatorClientPort);
        p.put("generatorPerfmonPort", generatorPerfmonPort);
        p.put("generatorHeap", generatorHeap);
        p.put("generatorMode", generatorMode);
        p.put("maxErrorPercent", maxErrorPercent);
        p.put("backendFailPercent", backendFailPercent);
        p.put("keepResults", keepResults);
        p.put("driftThreshold", driftThreshold);
        return p;
    }

    TargetProfile targetProfile() throws MojoFailureException {
        try {
            return TargetProfile.load(root().resolve("config/targets"), target);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
