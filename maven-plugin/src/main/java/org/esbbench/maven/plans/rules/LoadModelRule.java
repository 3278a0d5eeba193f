package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 3, both load models: exactly one enabled closed-model thread group (bzm - Concurrency Thread Group, or
 * JMeter's Thread Group with a lifetime) and one enabled Open Model Thread Group, their fields reading the suite's
 * parameters; any other thread group that sends samples is a violation (setUp and tearDown: a warning).
 */
public final class LoadModelRule implements PlanRule {

    static final String CONCURRENCY = "com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup";
    static final String THREAD_GROUP = "ThreadGroup";
    static final String OPEN_MODEL = "OpenModelThreadGroup";
    /** The suite's open-model group: JMeter's schedule, arrivals timed from their due time, pooled connections. */
    static final String SCHEDULED_ARRIVALS = "org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup";

    private static final String CLOSED_FIX = "add a bzm - Concurrency Thread Group with Target Concurrency"
            + " ${__P(users,10)}, Ramp Up Time ${__P(rampup,30)}, Hold Target Rate Time ${__P(hold,1200)} and time"
            + " unit seconds (or a Thread Group with Number of Threads ${__P(users,10)}, Ramp-up period"
            + " ${__P(rampup,30)}, Loop Count Infinite, Specify Thread lifetime ticked and Duration"
            + " ${__P(duration,1200)}), with a Module Controller that runs the request";
    private static final String OPEN_FIX = "add a Scheduled Arrivals Thread Group (jmeter-ext; or JMeter's Open Model"
            + " Thread Group, which times each sample from its send) with the schedule rate(${__P(rate,0)}/sec)"
            + " random_arrivals(${__P(duration,1200)} sec), with a Module Controller that runs the request";

    /** A field of a thread group that must read a property. */
    private record Field(String property, String label, String parameter, String example) {
    }

    private static final List<Field> CONCURRENCY_FIELDS = List.of(
            new Field("TargetLevel", "Target Concurrency", "users", "${__P(users,10)}"),
            new Field("RampUp", "Ramp Up Time", "rampup", "${__P(rampup,30)}"),
            new Field("Hold", "Hold Target Rate Time", "hold", "${__P(hold,1200)}"));
    private static final List<Field> THREAD_GROUP_FIELDS = List.of(
            new Field("ThreadGroup.num_threads", "Number of Threads (users)", "users", "${__P(users,10)}"),
            new Field("ThreadGroup.ramp_time", "Ramp-up period (seconds)", "rampup", "${__P(rampup,30)}"),
            new Field("ThreadGroup.duration", "Duration (seconds)", "duration", "${__P(duration,1200)}"));
    private static final List<Field> OPEN_FIELDS = List.of(
            new Field("OpenModelThreadGroup.schedule", "Schedule", "rate",
                    "rate(${__P(rate,0)}/sec) random_arrivals(${__P(duration,1200)} sec)"),
            new Field("OpenModelThreadGroup.schedule", "Schedule", "duration",
                    "rate(${__P(rate,0)}/sec) random_arrivals(${__P(duration,1200)} sec)"));

    /** A problem of one thread group: what is wrong and the fix. */
    private record Problem(String what, String fix) {
    }

    @Override
    public void check(ActivePlan plan, Findings findings) {
        List<Occurrence> closed = new ArrayList<>();
        List<Occurrence> open = new ArrayList<>();
        for (Occurrence group : threadGroups(plan)) {
            PlanElement element = group.element();
            int samplers = samplers(plan, element);
            if (element.is(CONCURRENCY) || element.is(THREAD_GROUP)) {
                closed.add(group);
            } else if (element.is(OPEN_MODEL) || element.is(SCHEDULED_ARRIVALS)) {
                open.add(group);
            } else if (element.is("SetupThreadGroup") || element.is("PostThreadGroup")) {
                if (samplers > 0) {
                    findings.warning(group, "its " + samplers + " sampler(s) run outside the load models, but their"
                            + " samples would be counted in the run's figures");
                }
            } else if (samplers > 0) {
                findings.violation(group, "a thread group that is not one of the suite's load models sends samples,"
                        + " which would be counted in the run's figures (the suite runs one closed-model group: bzm"
                        + " - Concurrency Thread Group or Thread Group, and one Scheduled Arrivals or Open Model"
                        + " Thread Group)",
                        "disable or delete it, and run the request from the closed-model and open-model groups");
            }
        }
        checkModel(plan, findings, closed, "closed-model", CLOSED_FIX);
        checkModel(plan, findings, open, "open-model", OPEN_FIX);
    }

    private void checkModel(ActivePlan plan, Findings findings, List<Occurrence> groups, String model,
            String addFix) {
        if (groups.isEmpty()) {
            findings.violation("has no enabled " + model + " thread group", addFix);
            return;
        }
        Occurrence chosen = null;
        int bestScore = -1;
        for (Occurrence group : groups) {
            int score = (problems(plan, group.element()).isEmpty() ? 2 : 0)
                    + (samplers(plan, group.element()) > 0 ? 1 : 0);
            if (score > bestScore) {
                bestScore = score;
                chosen = group;
            }
        }
        for (Problem problem : problems(plan, chosen.element())) {
            findings.violation(chosen, problem.what(), problem.fix());
        }
        if (samplers(plan, chosen.element()) == 0) {
            findings.violation(chosen, "the " + model + " thread group runs no sampler",
                    "add a Module Controller that runs the request's Test Fragment");
        }
        for (Occurrence other : groups) {
            if (other != chosen && samplers(plan, other.element()) > 0) {
                findings.violation(other, "a second " + model + " thread group sends samples; the suite runs"
                        + " exactly one (here '" + chosen.element().testname() + "'), and this one's samples would be"
                        + " counted with its", "disable or delete it");
            }
        }
    }

    private static List<Problem> problems(ActivePlan plan, PlanElement group) {
        List<Problem> problems = new ArrayList<>();
        if (group.is(CONCURRENCY)) {
            fields(plan, group, CONCURRENCY_FIELDS, problems);
            String unit = group.propOrEmpty("Unit").trim();
            if (unit.equalsIgnoreCase("M")) {
                problems.add(new Problem("Time Unit is minutes (Unit = M), but -Jrampup and -Jhold are seconds",
                        "choose seconds as Time Unit"));
            }
            String iterations = group.propOrEmpty("Iterations").trim();
            if (!iterations.isEmpty() && !iterations.contains("${")) {
                problems.add(new Problem("Thread Iterations Limit (Iterations) is " + iterations
                        + ", so each user stops before the hold time ends", "clear Thread Iterations Limit"));
            }
        } else if (group.is(THREAD_GROUP)) {
            List<Field> fields = THREAD_GROUP_FIELDS;
            fields(plan, group, fields.subList(0, 2), problems);
            if (!"true".equalsIgnoreCase(group.propOrEmpty("ThreadGroup.scheduler").trim())) {
                problems.add(new Problem("Specify Thread lifetime (ThreadGroup.scheduler) is not ticked, so the"
                        + " group does not run for -Jduration", "tick Specify Thread lifetime and set Duration"
                        + " (seconds) to ${__P(duration,1200)}"));
            }
            fields(plan, group, fields.subList(2, 3), problems);
            String loops = loops(group);
            if (loops.matches("\\d+")) {
                problems.add(new Problem("Loop Count (LoopController.loops) is " + loops
                        + ", so each user stops before -Jduration ends", "tick Infinite next to Loop Count"));
            }
        } else {
            fields(plan, group, OPEN_FIELDS, problems);
        }
        return problems;
    }

    private static void fields(ActivePlan plan, PlanElement group, List<Field> fields, List<Problem> problems) {
        for (Field field : fields) {
            String value = group.propOrEmpty(field.property());
            if (!plan.reads(value, field.parameter())) {
                problems.add(new Problem(field.label() + " (" + field.property() + ") is '" + value
                        + "', which does not read -J" + field.parameter() + " with ${__P(" + field.parameter()
                        + ")}", "set " + field.label() + " to " + field.example()
                        + " (or to a variable the Test Plan's User Defined Variables set so)"));
            }
        }
    }

    private static String loops(PlanElement group) {
        var controller = group.elementProp("ThreadGroup.main_controller");
        String loops = controller == null ? null : PlanElement.prop(controller, "LoopController.loops");
        return loops == null ? "" : loops.trim();
    }

    /** The thread groups that run: enabled children of the Test Plan whose class ends with ThreadGroup. */
    private static List<Occurrence> threadGroups(ActivePlan plan) {
        List<Occurrence> groups = new ArrayList<>();
        for (Occurrence occurrence : plan.occurrences()) {
            if (occurrence.ancestors().size() == 1 && occurrence.element().isThreadGroup()) {
                groups.add(occurrence);
            }
        }
        return groups;
    }

    private static int samplers(ActivePlan plan, PlanElement group) {
        int count = 0;
        for (Occurrence occurrence : plan.occurrences()) {
            if (occurrence.element().isSampler() && occurrence.runsWithin(group)) {
                count++;
            }
        }
        return count;
    }
}
