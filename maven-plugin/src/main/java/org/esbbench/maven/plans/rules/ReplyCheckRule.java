package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Rule 4, a reply check on every sampler: an enabled assertion in the sampler's JMeter scope (its child, or a child
 * of one of the elements it runs in), unless the Test Plan's User Defined Variables opt out with
 * {@code replyCheck = none}.
 */
public final class ReplyCheckRule implements PlanRule {

    @Override
    public void check(ActivePlan plan, Findings findings) {
        if (plan.replyCheckOptOut()) {
            findings.warning("replyCheck = none in the Test Plan's User Defined Variables: samplers may run without"
                    + " an assertion, and the summary will flag the plan's replies as unchecked");
            return;
        }
        Map<PlanElement, Boolean> reported = new IdentityHashMap<>();
        for (Occurrence occurrence : plan.occurrences()) {
            if (!occurrence.element().isSampler() || reported.containsKey(occurrence.element())) {
                continue;
            }
            boolean checked = plan.inScope(occurrence).stream().anyMatch(PlanElement::isAssertion);
            if (!checked) {
                reported.put(occurrence.element(), Boolean.TRUE);
                findings.violation(occurrence, "no enabled assertion checks its reply here, so a wrong reply would"
                        + " count as a success", "add an assertion as a child of the sampler (the suite's Scenario"
                        + " Reply Assertion, a Response Assertion, ...) or, to run without reply checks on purpose,"
                        + " add replyCheck = none to the Test Plan's User Defined Variables");
            }
        }
    }
}
