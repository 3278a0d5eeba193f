package org.esbbench.maven.parameters;

import java.nio.file.Path;
import java.util.Optional;
import org.esbbench.core.Scenario;

/**
 * One plan a run executes, under one id that names its results: a scenario of the catalogue on its standard plan
 * ({@code jmx/soap-http.jmx} for {@code direct}, with the scenario and its endpoint passed as -J), or a user's own
 * plan file, whose id is its file name without {@code .jmx} and which sends what it says itself.
 *
 * @param id       the name of its points and results ({@code direct}, {@code my-plan})
 * @param file     the .jmx JMeter runs
 * @param scenario the catalogue scenario for a standard plan; empty for a user's plan
 */
public record RunnablePlan(String id, Path file, Optional<Scenario> scenario) {

    /** The standard plan of a catalogue scenario, from the plans folder ({@code jmx/}). */
    public static RunnablePlan standard(Scenario scenario, Path plansDir) {
        return new RunnablePlan(scenario.id(), plansDir.resolve(scenario.plan() + ".jmx").toAbsolutePath().normalize(),
                Optional.of(scenario));
    }

    /** A user's plan: its id is the file name without {@code .jmx}. */
    public static RunnablePlan user(Path file) {
        String name = file.getFileName().toString();
        return new RunnablePlan(name.substring(0, name.length() - ".jmx".length()), file.toAbsolutePath().normalize(),
                Optional.empty());
    }

    public boolean isStandard() {
        return scenario.isPresent();
    }
}
