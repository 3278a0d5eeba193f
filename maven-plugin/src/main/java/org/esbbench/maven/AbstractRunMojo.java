package org.esbbench.maven;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The parameters every goal of a run shares. They are the same Maven properties the JMeter plans receive
 * (-Dusers=100 reaches both the checks here and the plans), so a value is typed once.
 */
abstract class AbstractRunMojo extends AbstractMojo {

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

    /** jmeter-maven-plugin's record of where its configure goal laid JMeter out (run and dashboards use it). */
    @Parameter(defaultValue = "${project.build.directory}/config.json", required = true)
    File jmeterConfig;

    /** The echo backend's runnable jar (started by start, restarted between delays by run). */
    @Parameter(defaultValue = "${project.basedir}/../backend-netty/target/backend-netty.jar", required = true)
    File backendJar;

    /** Seconds each started process may take to answer its health check (and the JMX recorder to connect). */
    @Parameter(property = "startTimeout", defaultValue = "90")
    int startTimeout;

    /** Skips every esb-bench goal. */
    @Parameter(property = "esbbench.skip", defaultValue = "false")
    boolean skip;

    /** -DskipTests builds without a run: the run's goals honour it, as jmeter-maven-plugin does. */
    @Parameter(property = "skipTests", defaultValue = "false")
    boolean skipTests;

    /** The root of the checkout: config/, data/, results/ and the module jars are found from here. */
    @Parameter(defaultValue = "${project.basedir}/..", required = true)
    File projectRoot;

    /** Where the goals of one build hand state to each other (run id, pids). */
    @Parameter(defaultValue = "${project.build.directory}/esb-bench", required = true)
    File workDir;

    boolean skipped() {
        if (skip || skipTests) {
            info("skipped (" + (skip ? "-Desbbench.skip" : "-DskipTests") + ")");
            return true;
        }
        return false;
    }

    RunPlan plan() throws MojoFailureException {
        try {
            return RunPlan.parse(parameters(), root(), root().resolve("jmx"));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /** Every run parameter by its property name: what RunPlan validates and run.json records. */
    Map<String, String> parameters() {
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
        return p;
    }

    TargetProfile targetProfile() throws MojoFailureException {
        try {
            return TargetProfile.load(root().resolve("config/targets"), target);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    Path root() {
        return projectRoot.toPath().toAbsolutePath().normalize();
    }

    Path stateFile() {
        return workDir.toPath().resolve("processes.properties");
    }

    Path runFile() {
        return workDir.toPath().resolve("run.properties");
    }

    Properties readRun() throws MojoFailureException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(runFile())) {
            p.load(r);
        } catch (IOException e) {
            throw new MojoFailureException("no run prepared (" + runFile() + " missing): the esb-bench:check goal "
                    + "runs first in the same build", e);
        }
        return p;
    }

    void writeRun(Properties run) throws IOException {
        Files.createDirectories(workDir.toPath());
        try (Writer w = Files.newBufferedWriter(runFile())) {
            run.store(w, "the current esb-bench run");
        }
    }

    /** What the goals after check work on: the validated plan, the target, the run record and its folder. */
    record CurrentRun(RunPlan plan, TargetProfile profile, Properties record, Path dir) {
    }

    /**
     * Goals that work on the current run (start, run, analyze) implement {@link #execute(CurrentRun)}; check,
     * which makes the run, and stop, which must work whatever state it is in, override this method instead.
     */
    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        execute(currentRun());
    }

    void execute(CurrentRun current) throws MojoExecutionException, MojoFailureException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " overrides execute()");
    }

    CurrentRun currentRun() throws MojoFailureException {
        RunPlan plan = plan();
        TargetProfile profile = targetProfile();
        Properties record = readRun();
        return new CurrentRun(plan, profile, record, Path.of(record.getProperty("runDir")));
    }

    void info(String line) {
        getLog().info("[esb-bench] " + line);
    }
}
