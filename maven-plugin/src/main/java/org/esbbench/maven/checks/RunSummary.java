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
        return describe(plan, profile, java.util.Map.of());
    }

    /** {@link #describe(RunParameters, TargetProfile)}, a capacity search said as one ({@code -Dcapacity}). */
    public static String describe(RunParameters plan, TargetProfile profile, java.util.Map<String, String> parameters) {
        if (org.esbbench.report.capacity.CapacitySettings.requested(parameters)) {
            return "plans " + String.join(", ", plan.planIds()) + "; "
                    + org.esbbench.maven.capacity.CapacityPlan.describeLoad(parameters) + "; size "
                    + RunParameters.describe(plan.sizes()) + " B; delay " + RunParameters.describe(plan.delays())
                    + " ms; " + (plan.variesHeap() ? "server heap " + RunParameters.describe(plan.heaps()) + "; " : "")
                    + "warm-up " + plan.warmupSeconds() + " s per search, confirmation " + plan.measurementSeconds()
                    + " s; target " + profile.name();
        }
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

    /** The run parameter that says how the suite's open-model arrivals connect. */
    static final String CONNECTIONS = "connections";

    /**
     * The load levels of each model the run measures and what its latency is: the closed model's is service time (a
     * user who waits sends nothing), the open model's the response time from each arrival's due time, on the
     * connections {@code -Dconnections} gave the suite's plans.
     */
    public static String describeLoad(RunParameters plan) {
        List<String> parts = new ArrayList<>();
        if (plan.models().contains(RunParameters.LoadModel.CLOSED)) {
            parts.add("closed model, users " + RunParameters.describe(plan.users())
                    + " (latency: service time, a waiting user sends nothing)");
        }
        if (plan.models().contains(RunParameters.LoadModel.OPEN)) {
            boolean fresh = "fresh".equals(plan.planValues().getOrDefault(CONNECTIONS, "pooled"));
            parts.add("open model, rate " + RunParameters.describe(plan.rates()) + " arrivals/s"
                    + (fresh ? ", a new connection each" : ", sharing kept-alive connections")
                    + " (latency: response time from each arrival's due time, as a user sees it)");
        }
        return String.join("; ", parts);
    }
}
