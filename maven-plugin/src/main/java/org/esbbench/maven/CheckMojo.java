package org.esbbench.maven;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;

/**
 * First goal of a run, in the validate phase: checks every parameter, the target profile, the payload
 * size and the ports the run will bind, so that bad input fails in seconds, before anything is built or
 * started. Then it names the run and creates its results folder.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public class CheckMojo extends AbstractRunMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    /** Build phases from which on the suite's run takes place. */
    private static final Set<String> RUN_PHASES = Set.of("integration-test", "post-integration-test", "verify",
            "install", "deploy");

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            return;
        }
        RunPlan plan = plan();
        TargetProfile profile = targetProfile();
        // The plan files JMeter runs, from the validated ids: the one place scenario ids become file names.
        project.getProperties().setProperty("scenarioPlans",
                plan.scenarioIds().stream().map(id -> id + ".jmx").collect(Collectors.joining(",")));
        // Where the plans send: the target profile is the one place that says it.
        try {
            project.getProperties().setProperty("host", profile.host());
            project.getProperties().setProperty("port", Integer.toString(profile.port()));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        project.getProperties().setProperty("protocol", profile.protocol());
        project.getProperties().setProperty("jmsUrl", profile.jmsProviderUrl().toString());
        if (session.getGoals().stream().noneMatch(RUN_PHASES::contains)) {
            info("parameters valid; no run in this build (it ends before integration-test)");
            return;
        }
        try {
            requirePayload(plan);
            if (!profile.startsServers() && plan.delays().size() > 1) {
                throw new InvalidRunException("-Ddelay=" + delay + ": a list of delays needs the echo backend the suite"
                        + " starts (it restarts it between delays); target '" + profile.name() + "' uses its own backend");
            }
            if (profile.startsServers()) {
                URI backend = profile.backendUrl();
                Readiness.requireFreePort("echo backend", backend.getHost(), backend.getPort());
                Readiness.requireFreePort("reference server", profile.host(), profile.port());
                URI broker = profile.jmsProviderUrl();
                Readiness.requireFreePort("embedded JMS broker", broker.getHost(), broker.getPort());
                if (profile.jmx().isPresent()) {
                    Readiness.requireFreePort("reference server's JMX", "127.0.0.1", profile.jmx().get().getPort());
                }
            }
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
        try {
            Path runDir = newRunDir();
            Properties run = new Properties();
            run.setProperty("runId", runDir.getFileName().toString());
            run.setProperty("runDir", runDir.toString());
            run.setProperty("target", profile.name());
            run.setProperty("checkedAt", Long.toString(System.currentTimeMillis()));
            writeRun(run);
            project.getProperties().setProperty("esbbench.runDir", runDir.toString());
            info("run " + runDir.getFileName() + ": scenarios " + String.join(", ", plan.scenarioIds())
                    + "; users " + RunPlan.describe(plan.users()) + "; size " + RunPlan.describe(plan.sizes())
                    + " B; delay " + RunPlan.describe(plan.delays()) + " ms; " + plan.repeats() + " repeat(s); warm-up "
                    + plan.warmupSeconds() + " s, measurement " + plan.measurementSeconds() + " s per scenario run; "
                    + plan.scenarioRuns() + " scenario runs, target " + profile.name() + "; about "
                    + ProgressLine.formatDuration(plan.plannedSeconds()) + " of load");
        } catch (IOException e) {
            throw new MojoExecutionException("cannot create the run's results folder: " + e.getMessage(), e);
        }
    }

    /** Any size the generator can reach is fine; below the smallest possible envelope there is no payload. */
    private static void requirePayload(RunPlan plan) throws InvalidRunException {
        for (int size : plan.sizes()) {
            try {
                Payloads.soap(size);
                if (plan.scenarios().contains(Scenario.REST)) {
                    Payloads.json(size);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidRunException("-Dsize=" + size + ": no payload of that size (" + e.getMessage()
                        + "); standard sizes: " + java.util.Arrays.toString(Payloads.STANDARD_SIZES));
            }
        }
    }

    private Path newRunDir() throws IOException {
        Path results = root().resolve("results");
        String base = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + target;
        Path dir = results.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = results.resolve(base + "-" + i);
        }
        return Files.createDirectories(dir);
    }
}
