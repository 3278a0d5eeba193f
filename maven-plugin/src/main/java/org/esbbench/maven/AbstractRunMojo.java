package org.esbbench.maven;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Scenario ids to run, comma separated, or "all". */
    @Parameter(property = "scenarios", defaultValue = "all")
    String scenarios;

    /** Concurrent users (closed model): one value or a comma-separated list. */
    @Parameter(property = "users", defaultValue = "10")
    String users;

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
            return RunPlan.parse(scenarios, users, size, delay, repeats, warmup, measurement, heap);
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
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
