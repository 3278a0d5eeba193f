package org.esbbench.maven.goals;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.scenario.GuiPlanResolver;
import org.esbbench.maven.scenario.JMeterGui;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.targets.TargetProfile;
import java.io.File;
import java.io.IOException;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.report.dashboard.JMeterInstallation;
import org.esbbench.report.points.Point;

/**
 * Opens the JMeter GUI on one plan ({@code mvn -Pgui -Dplan=direct}, the gui profile binds it after
 * {@code jmeter:configure}): the JMeter that jmeter-maven-plugin laid out, with every extension the plans need,
 * started without {@code -n} on the plan with the plan properties of the run's first point ({@link PlanProperties},
 * the same {@code -J} list a run passes), so that Start in the GUI sends correct requests to the target. The goal
 * waits until the GUI is closed.
 *
 * <p>Unlike the run's goals it ignores {@code -DskipTests} and {@code -Desbbench.skip}: the gui profile sets both to
 * keep tests and the run out of the build. {@code -Desbbench.gui.skip} skips it.
 */
@Mojo(name = "gui", defaultPhase = LifecyclePhase.PRE_INTEGRATION_TEST, threadSafe = true)
public class GuiMojo extends RunParametersMojo {

    /** Only its own switch: the gui profile sets -DskipTests and -Desbbench.skip to keep the run out of the build. */
    @Override
    Optional<String> skipReason() {
        return flag("esbbench.gui.skip") ? Optional.of("-Desbbench.gui.skip") : Optional.empty();
    }

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        try {
            gui();
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot open the JMeter GUI: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while the JMeter GUI was open", e);
        }
    }

    private void gui() throws InvalidRunException, IOException, InterruptedException, MojoFailureException {
        Path plansDir = root().resolve("jmx");
        RunnablePlan chosen = GuiPlanResolver.resolve(parameter("plan"), root(), plansDir);
        RunParameters run = RunParameters.parse(parameters(chosen), root(), plansDir);
        TargetProfile profile = targetProfile();
        Point first = run.points().get(0);
        Path dir = workDir.toPath().resolve("gui");
        Files.createDirectories(dir);
        Map<String, String> properties = PlanProperties.of(run, profile, chosen, first,
                PlanProperties.Files.of(root(), dir.resolve("perfmon.csv"), parameter("perfmonHost"), number("perfmonPort")));
        JMeterGui.requireDisplay();
        JMeterInstallation jmeter = JMeterInstallation.fromPluginConfig(jmeterConfig.toPath());
        Path log = dir.resolve("jmeter-gui.log");
        List<String> cmd = JMeterGui.command(JvmCommand.java(), jmeter, number("jmeter.heap"), chosen.file(), log, properties);

        info("plan " + chosen.file() + (chosen.isStandard() ? " (scenario " + chosen.scenario().get().id() + ")" : "")
                + ": File > Save writes this file");
        info("plan properties (the run's first point, target " + profile.name() + "): "
                + properties.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")));
        info(JMeterGui.describeTarget(chosen, properties));
        info("starting the JMeter GUI: " + JMeterGui.quoted(cmd));
        info("JMeter log " + log + "; this goal waits until the GUI is closed");
        int exit = JMeterGui.runUntilClosed(cmd, jmeter.home().resolve("bin"), dir.resolve("jmeter-gui.pid"));
        if (exit == 128 + 15 || exit == 128 + 2) {
            info("JMeter GUI stopped by " + (exit == 143 ? "SIGTERM" : "SIGINT"));
            return;
        }
        if (exit != 0) {
            throw new MojoFailureException("the JMeter GUI exited with " + exit + " (log " + log + ")");
        }
        info("JMeter GUI closed");
    }

    /** The run parameters with the selection narrowed to the chosen plan, so its first point is the plan's. */
    private Map<String, String> parameters(RunnablePlan chosen) throws InvalidRunException {
        Map<String, String> p = new java.util.LinkedHashMap<>(parameters());
        if (chosen.isStandard()) {
            p.put("scenarios", chosen.scenario().get().id());
            p.put("plans", "");
        } else {
            p.put("scenarios", "none");
            p.put("plans", chosen.file().toString());
        }
        return p;
    }
}
