package org.esbbench.maven.scenario;

import org.esbbench.maven.parameters.RunnablePlan;
import org.esbbench.maven.parameters.InvalidRunException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.esbbench.core.Scenario;

/**
 * What {@code -Dplan=NAME} of the gui goal names: a scenario id ({@code direct}: its standard plan, with the
 * scenario's own {@code -Jscenario} and {@code -Jpath}), a template name ({@code soap-http}: the template with the
 * properties of the first catalogue scenario it serves), or a path to a .jmx file relative to the checkout's root
 * (a standard template's file counts as that template; any other file is a user's plan).
 */
public final class GuiPlanResolver {

    private GuiPlanResolver() {
    }

    /** The plan {@code name} names; fails naming every valid name. */
    public static RunnablePlan resolve(String name, Path root, Path plansDir) throws InvalidRunException {
        String n = name == null ? "" : name.trim();
        Optional<Scenario> scenario = Optional.<Scenario>empty()
                .or(() -> byId(n))
                .or(() -> byTemplate(n));
        if (scenario.isPresent()) {
            return requireFile(RunnablePlan.standard(scenario.get(), plansDir), n);
        }
        if (n.endsWith(".jmx")) {
            Path file = root.resolve(n).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw new InvalidRunException("-Dplan=" + n + ": no such plan " + file
                        + " (a relative path starts at the checkout's root)");
            }
            Path dir = plansDir.toAbsolutePath().normalize();
            String fileName = file.getFileName().toString();
            Optional<Scenario> template = dir.equals(file.getParent())
                    ? byTemplate(fileName.substring(0, fileName.length() - ".jmx".length()))
                    : Optional.empty();
            return template.map(s -> RunnablePlan.standard(s, plansDir)).orElseGet(() -> RunnablePlan.user(file));
        }
        throw new InvalidRunException("-Dplan=" + n + ": unknown plan" + (n.isEmpty() ? "" : " '" + n + "'")
                + "; valid: " + String.join(", ", validNames())
                + ", or a path to a .jmx file relative to the checkout's root (e.g. jmx/soap-http.jmx)");
    }

    /** Every scenario id in catalogue order, then the template names that are not a scenario id too. */
    static List<String> validNames() {
        Set<String> names = new LinkedHashSet<>(Scenario.ids());
        names.addAll(templates());
        return List.copyOf(names);
    }

    /** The template names of the catalogue ({@code soap-http}, ...), in the order their first scenario comes. */
    static List<String> templates() {
        Set<String> names = new LinkedHashSet<>();
        for (Scenario s : Scenario.values()) {
            names.add(s.plan());
        }
        return new ArrayList<>(names);
    }

    private static Optional<Scenario> byId(String id) {
        for (Scenario s : Scenario.values()) {
            if (s.id().equals(id)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The first catalogue scenario a template serves: its properties are what the GUI opens the template with. */
    private static Optional<Scenario> byTemplate(String template) {
        for (Scenario s : Scenario.values()) {
            if (s.plan().equals(template)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    private static RunnablePlan requireFile(RunnablePlan plan, String name) throws InvalidRunException {
        if (!Files.isRegularFile(plan.file())) {
            throw new InvalidRunException("-Dplan=" + name + ": its plan " + plan.file() + " is missing");
        }
        return plan;
    }
}
