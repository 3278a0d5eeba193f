package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.Exclusion;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.targets.TargetProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The lines check says about what a run measures: how many scenario runs, which loads, how long. */
public final class RunSummary {
    private RunSummary() {
    }

    /** One line that says what the run measures, how many scenario runs and server restarts, and how long. */
    public static String describe(RunParameters plan, TargetProfile profile) {
        return "plans " + String.join(", ", plan.planIds()) + "; " + describeLoad(plan) + "; size "
                + RunParameters.describe(plan.sizes()) + " B; delay " + RunParameters.describe(plan.delays()) + " ms; "
                + (plan.variesHeap() ? "server heap " + RunParameters.describe(plan.heaps()) + "; " : "")
                + plan.repeats() + " repeat(s); warm-up " + plan.warmupSeconds() + " s, measurement "
                + plan.measurementSeconds() + " s per scenario run; " + plan.scenarioRuns() + " scenario runs"
                + (plan.variesHeap() ? " and " + plan.serverRestarts() + " server restart(s) (one per heap and repeat)" : "")
                + ", target " + profile.name() + "; about " + ProgressLine.formatDuration(plan.estimatedSeconds())
                + (plan.variesHeap() ? " (load, and about " + RunParameters.RESTART_SECONDS_ESTIMATE + " s per restart)" : " of load");
    }

    /**
     * The line check prints in every build, before anything is made: how many scenario runs and how long, e.g.
     * {@code 48 scenario runs (3 plans × 16 points × 1 repeat), about 4:49:36 of load}.
     */
    public static String summarise(RunParameters plan) {
        int plans = plan.plans().size();
        int excluded = plan.excludedPoints();
        return plan.scenarioRuns() + " scenario runs (" + plans + (plans == 1 ? " plan × " : " plans × ")
                + plan.pointsPerPlan() + (plan.pointsPerPlan() == 1 ? " point × " : " points × ")
                + plan.repeats() + (plan.repeats() == 1 ? " repeat" : " repeats")
                + (excluded > 0 ? ", less " + excluded * plan.repeats() + " excluded (" + plan.exclusions().stream()
                        .map(Exclusion::toString).collect(Collectors.joining(", ")) + ")" : "")
                + "), about " + ProgressLine.formatDuration(plan.estimatedSeconds())
                + (plan.variesHeap() ? " (load, and about " + RunParameters.RESTART_SECONDS_ESTIMATE + " s for each of "
                        + plan.serverRestarts() + " server restart(s))" : " of load");
    }

    /** "users 1, 2" or "rate 50/s" or both: the load levels of each model the run measures. */
    public static String describeLoad(RunParameters plan) {
        List<String> parts = new ArrayList<>();
        if (plan.models().contains(RunParameters.LoadModel.CLOSED)) {
            parts.add("closed model, users " + RunParameters.describe(plan.users()));
        }
        if (plan.models().contains(RunParameters.LoadModel.OPEN)) {
            parts.add("open model, rate " + RunParameters.describe(plan.rates()) + " arrivals/s");
        }
        return String.join("; ", parts);
    }
}
