package org.esbbench.maven.plans;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The running view of a plan: the elements JMeter runs, each where it runs. Disabled elements and their subtrees
 * are left out; Test Fragments run only where a Module Controller runs them (JMeter runs a Module Controller's
 * target even when the target itself is disabled, as Test Fragments are by default).
 */
public final class ActivePlan {

    /** {@code ${__P(name} or {@code ${__P( name}: the property name of every __P call. */
    private static final Pattern P_CALL = Pattern.compile("\\$\\{__P\\(\\s*([^,()${}\\s]+)\\s*[,)]");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.\\-]*)\\}");

    private final PlanElement testPlan;
    private final List<Occurrence> occurrences = new ArrayList<>();
    private final Map<PlanElement, PlanElement> moduleTargets = new IdentityHashMap<>();
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final Map<String, String> testPlanVariables;

    private ActivePlan(PlanElement testPlan) {
        this.testPlan = testPlan;
        this.testPlanVariables = PlanElement.arguments(testPlan.elementProp("TestPlan.user_defined_variables"));
        variables.putAll(testPlanVariables);
        for (PlanElement child : testPlan.children()) {
            if (child.enabled() && child.is("Arguments")) {
                variables.putAll(PlanElement.arguments(child.xml()));
            }
        }
    }

    /** Builds the running view; a Module Controller that runs nothing is reported as a violation. */
    static ActivePlan of(Findings findings, PlanElement testPlan) {
        ActivePlan plan = new ActivePlan(testPlan);
        plan.walk(testPlan, new ArrayList<>(), findings, Collections.newSetFromMap(new IdentityHashMap<>()));
        return plan;
    }

    private void walk(PlanElement element, List<PlanElement> ancestors, Findings findings, Set<PlanElement> reported) {
        Occurrence here = new Occurrence(element, ancestors);
        occurrences.add(here);
        List<PlanElement> below = new ArrayList<>(ancestors);
        below.add(element);
        if (element.isModuleController()) {
            PlanElement target = target(element);
            if (target == null) {
                if (reported.add(element)) {
                    findings.violation(here, "the element it should run ("
                            + String.join(" > ", element.collection("ModuleController.node_path"))
                            + ") is not in the plan, so JMeter stops the test at start",
                            "select the Test Fragment to run in the Module Controller's tree");
                }
                return;
            }
            if (below.contains(target)) {
                if (reported.add(element)) {
                    findings.violation(here, "it runs '" + target.testname() + "', which contains it: an endless loop",
                            "select a Test Fragment outside the Module Controller");
                }
                return;
            }
            walk(target, below, findings, reported);
            return;
        }
        for (PlanElement child : activeChildren(element)) {
            walk(child, below, findings, reported);
        }
    }

    /** The children that run below {@code element}: a Module Controller's target, else the enabled children. */
    public List<PlanElement> activeChildren(PlanElement element) {
        if (element.isModuleController()) {
            PlanElement target = target(element);
            return target == null ? List.of() : List.of(target);
        }
        List<PlanElement> active = new ArrayList<>();
        for (PlanElement child : element.children()) {
            if (child.enabled() && !child.isTestFragment()) {
                active.add(child);
            }
        }
        return active;
    }

    /**
     * The element a Module Controller runs, found as JMeter does: its node path starts with the tree's root
     * ("Test Plan"), then the Test Plan's name, then test names down; a Module Controller is never a target; the
     * last match wins. Null when there is none.
     */
    PlanElement target(PlanElement moduleController) {
        if (moduleTargets.containsKey(moduleController)) {
            return moduleTargets.get(moduleController);
        }
        List<String> path = moduleController.collection("ModuleController.node_path");
        PlanElement found = path.size() < 2 ? null : find(List.of(testPlan), path, 1);
        moduleTargets.put(moduleController, found);
        return found;
    }

    private static PlanElement find(List<PlanElement> level, List<String> path, int index) {
        PlanElement found = null;
        for (PlanElement candidate : level) {
            if (!candidate.isModuleController() && candidate.testname().equals(path.get(index))) {
                PlanElement match = index == path.size() - 1 ? candidate
                        : find(candidate.children(), path, index + 1);
                if (match != null) {
                    found = match;
                }
            }
        }
        return found;
    }

    public PlanElement testPlan() {
        return testPlan;
    }

    /** Every running element at every place it runs, in document order (Module Controllers expanded). */
    public List<Occurrence> occurrences() {
        return occurrences;
    }

    /** Each running element once, at the first place it runs. */
    public Collection<Occurrence> elements() {
        Map<PlanElement, Occurrence> first = new IdentityHashMap<>();
        List<Occurrence> unique = new ArrayList<>();
        for (Occurrence occurrence : occurrences) {
            if (first.putIfAbsent(occurrence.element(), occurrence) == null) {
                unique.add(occurrence);
            }
        }
        return unique;
    }

    /** The elements in scope of {@code at}, nearest first: its children, then its ancestors' children upwards. */
    public List<PlanElement> inScope(Occurrence at) {
        List<PlanElement> scope = new ArrayList<>(activeChildren(at.element()));
        List<PlanElement> ancestors = at.ancestors();
        for (int i = ancestors.size() - 1; i >= 0; i--) {
            scope.addAll(activeChildren(ancestors.get(i)));
        }
        return scope;
    }

    /** The Test Plan's User Defined Variables. */
    Map<String, String> testPlanVariables() {
        return testPlanVariables;
    }

    /** The Test Plan's User Defined Variables say replyCheck = none. */
    public boolean replyCheckOptOut() {
        String value = testPlanVariables.get("replyCheck");
        return value != null && value.trim().equalsIgnoreCase("none");
    }

    /** Every property name read with __P by the running elements. */
    public Set<String> parametersRead() {
        Set<String> names = new LinkedHashSet<>();
        for (Occurrence occurrence : elements()) {
            for (String value : occurrence.element().propertyValues()) {
                names.addAll(propertiesRead(value));
            }
        }
        return names;
    }

    /** The property names {@code value} reads with {@code ${__P(name...)}} itself. */
    static Set<String> propertiesRead(String value) {
        Set<String> names = new LinkedHashSet<>();
        if (value != null) {
            Matcher m = P_CALL.matcher(value);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /**
     * Whether {@code value} reads the JMeter property {@code property}: with __P itself, or through variables the
     * Test Plan defines (User Defined Variables of the Test Plan or of an Arguments element directly under it).
     */
    public boolean reads(String value, String property) {
        return reads(value, property, new HashSet<>());
    }

    private boolean reads(String value, String property, Set<String> seen) {
        if (value == null) {
            return false;
        }
        if (propertiesRead(value).contains(property)) {
            return true;
        }
        Matcher m = VARIABLE.matcher(value);
        while (m.find()) {
            String name = m.group(1);
            if (variables.containsKey(name) && seen.add(name) && reads(variables.get(name), property, seen)) {
                return true;
            }
        }
        return false;
    }
}
