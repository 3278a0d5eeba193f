package org.esbbench.maven.goals;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterCatalogue;
import org.esbbench.maven.run.CurrentRunPointer;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What every esb-bench goal shares: the skip switches, the checkout's root, the build's work dir, the log, and the
 * parameters of the catalogue ({@link #parameter}: no goal declares a field of its own for one).
 * {@link #execute()} is final: it decides whether the goal is skipped, then runs the goal's one step,
 * {@link #doExecute()} (as jmeter-maven-plugin's AbstractJMeterMojo does).
 */
abstract class EsbBenchMojo extends AbstractMojo {

    /** The root of the checkout: config/, data/, jmx/, results/ and the module jars are found from here. */
    @Parameter(defaultValue = "${project.basedir}/..", required = true)
    File projectRoot;

    /** The build's own files of the run: the pointer to the current run folder ({@link CurrentRunPointer}). */
    @Parameter(defaultValue = "${project.build.directory}/esb-bench", required = true)
    File workDir;

    /** jmeter-maven-plugin's record of where its configure goal laid JMeter out. */
    @Parameter(defaultValue = "${project.build.directory}/config.json", required = true)
    File jmeterConfig;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    /** This goal's execution: its POM configuration tells a literal value from a property (ParameterSources). */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    MojoExecution execution;

    /** This build's values of the catalogue's parameters: -D, this execution's POM configuration, pom properties. */
    private ParameterValues values;

    private ParameterValues values() {
        if (values == null) {
            values = new ParameterValues(ParameterCatalogue.STANDARD, session, execution).over(overrides);
        }
        return values;
    }

    /** What this goal takes over the build's values: a round's target run (RoundMojo). */
    private java.util.Map<String, String> overrides = java.util.Map.of();

    /**
     * Runs this goal as one step of a round's target run: the round goal's build, session and files, with
     * {@code overrides} over the build's parameters (the target run's target and scenarios; no -Dtargets).
     */
    void asStepOf(EsbBenchMojo round, java.util.Map<String, String> overrides) {
        projectRoot = round.projectRoot;
        workDir = round.workDir;
        jmeterConfig = round.jmeterConfig;
        session = round.session;
        execution = round.execution;
        setLog(round.getLog());
        this.overrides = java.util.Map.copyOf(overrides);
        values = null;
    }

    /**
     * The build's -D properties as this goal sees them: a round's target run sees its overrides instead of the
     * round's own -Dtargets, -Diterations and -Dresume (what counts as given explicitly, for the checks of a resume).
     */
    java.util.Properties userProperties() {
        java.util.Properties p = new java.util.Properties();
        if (session != null) {
            p.putAll(session.getUserProperties());
        }
        if (!overrides.isEmpty()) {
            for (String round : java.util.List.of("targets", "iterations", "resume")) {
                p.remove(round);
            }
            overrides.forEach((k, v) -> {
                if (v.isEmpty()) {
                    p.remove(k);
                } else {
                    p.setProperty(k, v);
                }
            });
        }
        return p;
    }

    /** Whether this goal runs as a step of a round's target run. */
    boolean roundStep() {
        return !overrides.isEmpty();
    }

    /** Whether this build is a round (-Dtargets, or -Dresume of a round), which the round goal runs target by target. */
    boolean roundBuild() {
        return !parameter("targets").isBlank() || org.esbbench.maven.rounds.RoundCheck.namesRound(parameter("resume"));
    }

    /** Gives this goal these values, outside Maven (tests). */
    void useValues(java.util.Map<String, String> values) {
        this.values = ParameterValues.of(ParameterCatalogue.STANDARD, values);
    }

    /** The value of a parameter of the catalogue as this build gives it, or its default. */
    String parameter(String name) {
        return values().get(name);
    }

    /** The value of {@code name} in this execution's POM configuration, as written, or null. */
    String configured(String name) {
        return values().configured(name);
    }

    /** The value this build gives a parameter of the catalogue, or null when it gives none (the default would apply). */
    String given(String name) {
        return values().given(name);
    }

    /** A whole-number parameter, checked as the catalogue says. */
    int number(String name) throws InvalidRunException {
        String v = checked(name);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new InvalidRunException("-D" + name + "=" + v + ": not a whole number");
        }
    }

    /** A decimal parameter, checked as the catalogue says. */
    double decimal(String name) throws InvalidRunException {
        String v = checked(name);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new InvalidRunException("-D" + name + "=" + v + ": not a number");
        }
    }

    /** A switch: true when given as true (or bare, as -DskipTests). */
    boolean flag(String name) {
        return Boolean.parseBoolean(parameter(name).strip());
    }

    private String checked(String name) throws InvalidRunException {
        String v = parameter(name).strip();
        ParameterCatalogue.STANDARD.get(name).check().check(name, v);
        return v;
    }

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        Optional<String> why = skipReason();
        if (why.isPresent()) {
            info("skipped (" + why.get() + ")");
            skipped();
            return;
        }
        doExecute();
    }

    /** What a goal does when skipped: by default nothing. */
    protected void skipped() throws MojoExecutionException {
    }

    /** The goal's work, when it is not skipped. */
    protected abstract void doExecute() throws MojoExecutionException, MojoFailureException;

    /** Why the goal is skipped, or empty when it runs: the run's goals honour -Desbbench.skip and -DskipTests. */
    Optional<String> skipReason() {
        Optional<String> switched = switchedOff();
        if (switched.isPresent()) {
            return switched;
        }
        return roundBuild() ? Optional.of("a round: the round goal runs every target run's steps") : Optional.empty();
    }

    /** -Desbbench.skip or -DskipTests, which every goal honours. */
    Optional<String> switchedOff() {
        if (flag("esbbench.skip")) {
            return Optional.of("-Desbbench.skip");
        }
        return flag("skipTests") ? Optional.of("-DskipTests") : Optional.empty();
    }

    Path root() {
        return projectRoot.toPath().toAbsolutePath().normalize();
    }

    CurrentRunPointer currentRunPointer() {
        return new CurrentRunPointer(workDir.toPath());
    }

    void info(String line) {
        getLog().info("[esb-bench] " + line);
    }

    void warn(String line) {
        getLog().warn("[esb-bench] " + line);
    }
}
