package org.esbbench.maven.parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.esbbench.core.Scenario;

/**
 * What a run executes, from {@code -Dscenarios}, {@code -Dplans} and {@code -Dexclude}: the standard plans of the
 * chosen scenarios, then the plans of one's own, and the points left out. Checked in context (a plan's id must not
 * be a scenario's, an exclusion must name a plan of the run), so the catalogue leaves these three to it.
 */
final class PlanSelection {
    private PlanSelection() {
    }

    /**
     * The standard plans of {@code -Dscenarios}, then the files of {@code -Dplans}. Without {@code -Dscenarios}
     * every scenario of the catalogue runs, unless {@code -Dplans} is given: then only those plans run.
     */
    /** @param asGiven the scenarios in the order -Dscenarios lists them (a round's rotation), else the catalogue's */
    static List<RunnablePlan> plans(String scenarios, boolean asGiven, String plans, Path root, Path plansDir)
            throws InvalidRunException {
        List<RunnablePlan> all = new ArrayList<>();
        List<Path> files = planFiles(plans, root);
        String s = scenarios == null ? "" : scenarios.trim();
        if (!(s.isEmpty() && !files.isEmpty()) && !s.equalsIgnoreCase("none")) {
            for (Scenario scenario : asGiven ? inGivenOrder(s) : scenarios(s)) {
                all.add(RunnablePlan.standard(scenario, plansDir));
            }
        }
        Set<String> ids = new LinkedHashSet<>(Scenario.ids());
        for (Path file : files) {
            RunnablePlan plan = RunnablePlan.user(file);
            if (!plan.id().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw new InvalidRunException("-Dplans: plan " + file + ": its id '" + plan.id() + "' (the file name"
                        + " without .jmx) names its results; use letters, digits, '.', '_' and '-' only");
            }
            if (!ids.add(plan.id())) {
                throw new InvalidRunException("-Dplans: plan " + file + " has the id '" + plan.id() + "', which "
                        + (Scenario.ids().contains(plan.id()) ? "is a standard scenario's" : "another plan of the run has")
                        + ": rename the file (the id is the file name without .jmx)");
            }
            all.add(plan);
        }
        if (all.isEmpty()) {
            throw new InvalidRunException("nothing to run: -Dscenarios=" + scenarios + " and -Dplans is empty");
        }
        return List.copyOf(all);
    }

    /**
     * The plan files of {@code -Dplans}: .jmx files, or folders whose .jmx files (not recursive) all run, in name
     * order. A plan under a {@code target} folder may be made by the build itself (the smoke run's GUI-edit test
     * writes one): it may be missing now and is checked when the run reaches it.
     */
    static List<Path> planFiles(String value, Path root) throws InvalidRunException {
        List<Path> files = new ArrayList<>();
        for (String part : (value == null ? "" : value).split(",")) {
            String entry = part.trim();
            if (entry.isEmpty()) {
                continue;
            }
            Path path = root.resolve(entry).toAbsolutePath().normalize();
            if (Files.isDirectory(path)) {
                try (Stream<Path> list = Files.list(path)) {
                    List<Path> jmx = list.filter(p -> p.getFileName().toString().endsWith(".jmx")).sorted().toList();
                    if (jmx.isEmpty()) {
                        throw new InvalidRunException("-Dplans=" + entry + ": the folder " + path + " holds no .jmx file");
                    }
                    files.addAll(jmx);
                } catch (IOException e) {
                    throw new InvalidRunException("-Dplans=" + entry + ": cannot list " + path + ": " + e.getMessage());
                }
            } else if (!entry.endsWith(".jmx")) {
                throw new InvalidRunException("-Dplans=" + entry + ": a plan is a .jmx file or a folder of them");
            } else if (Files.isRegularFile(path) || madeByTheBuild(path)) {
                files.add(path);
            } else {
                throw new InvalidRunException("-Dplans=" + entry + ": no such plan " + path
                        + " (relative paths start at the checkout's root)");
            }
        }
        return files;
    }

    private static boolean madeByTheBuild(Path path) {
        for (Path part : path) {
            if (part.toString().equals("target")) {
                return true;
            }
        }
        return false;
    }

    /** The scenarios of {@link #scenarios} in the order the list gives them ("all": the catalogue's). */
    static List<Scenario> inGivenOrder(String value) throws InvalidRunException {
        List<Scenario> chosen = scenarios(value);
        List<Scenario> given = new ArrayList<>();
        for (String id : value.split(",")) {
            Scenario s = Scenario.ids().contains(id.trim()) ? Scenario.byId(id.trim()) : null;
            if (s != null && !given.contains(s)) {
                given.add(s);
            }
        }
        return given.isEmpty() ? chosen : given;
    }

    /** "all", or a comma-separated list of scenario ids, in the catalogue's order, without repeats. */
    static List<Scenario> scenarios(String value) throws InvalidRunException {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase("all")) {
            return List.of(Scenario.values());
        }
        Set<Scenario> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String id : v.split(",")) {
            String trimmed = id.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                chosen.add(Scenario.byId(trimmed));
            } catch (IllegalArgumentException e) {
                unknown.add(trimmed);
            }
        }
        if (!unknown.isEmpty() || chosen.isEmpty()) {
            throw new InvalidRunException("unknown scenario " + (unknown.isEmpty() ? "''" : "'" + String.join("', '", unknown) + "'")
                    + " in -Dscenarios=" + value + "; valid: all, none, " + String.join(", ", Scenario.ids())
                    + " (a plan of your own runs with -Dplans=path/to/plan.jmx)");
        }
        return chosen.stream().sorted().toList();
    }

    /** -Dexclude: each entry names a catalogue scenario or a plan of the run (else it is a typo). */
    static List<Exclusion> exclusions(String value, List<RunnablePlan> plans) throws InvalidRunException {
        List<Exclusion> exclusions = Exclusion.parse(value);
        Set<String> known = new LinkedHashSet<>(Scenario.ids());
        plans.forEach(p -> known.add(p.id()));
        for (Exclusion e : exclusions) {
            if (!known.contains(e.plan())) {
                throw new InvalidRunException("-Dexclude=" + value + ": '" + e.plan() + "' is no scenario and no plan"
                        + " of this run; valid: " + String.join(", ", known));
            }
        }
        return exclusions;
    }

}
