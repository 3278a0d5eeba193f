package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanRule;

/**
 * Rule 9, a notice rather than a refusal: every sampler is timed in microseconds by the extension's Microsecond
 * Timing element ({@code org.esbbench.jmeter.MicrosecondTiming}), which fills the results file's {@code elapsed_us}
 * column. Without it the column holds {@code null} (JMeter's text for an unset variable) and latency is only in JMeter's {@code elapsed}, whole
 * milliseconds, so a sub-millisecond server shows 0 ms. A sampler counts as covered when the element runs in its
 * scope (the Test Plan, as in the standard plans, or one of its ancestors): the element sets the variable as a
 * post-processor, which JMeter runs for the samplers in its scope only.
 */
public final class MicrosecondTimingRule implements PlanRule {

    static final String MICROSECOND_TIMING = "org.esbbench.jmeter.MicrosecondTiming";

    @Override
    public void check(ActivePlan plan, Findings findings) {
        long untimed = plan.elements().stream()
                .filter(o -> o.element().isSampler())
                .filter(o -> !timed(plan, o))
                .count();
        if (untimed > 0) {
            boolean none = plan.elements().stream().noneMatch(o -> o.element().is(MICROSECOND_TIMING));
            findings.warning(untimed + " sampler(s) without a Microsecond Timing in scope: their latency will be in"
                    + " whole milliseconds (their elapsed_us column is null)"
                    + (none ? ", and with none in the plan its windows are timed from when JMeter's init script noticed"
                    + " the load, which can be up to a second late" : "")
                    + "; add Config Element > Microsecond Timing to the Test Plan");
        }
    }

    private static boolean timed(ActivePlan plan, Occurrence sampler) {
        return plan.inScope(sampler).stream().anyMatch(e -> e.is(MICROSECOND_TIMING));
    }
}
