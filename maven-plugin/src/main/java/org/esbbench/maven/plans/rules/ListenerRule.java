package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
/**
 * Rule 6, no listener that distorts the figures: every enabled result collector (View Results Tree, Aggregate
 * Report, Simple Data Writer, graphs, ...), Save Responses to a file and jp@gc listener except the PerfMon Metrics
 * Collector. A Backend Listener is allowed.
 */
public final class ListenerRule implements PlanRule {

    static final String PERFMON = "kg.apc.jmeter.perfmon.PerfMonCollector";

    @Override
    public void check(ActivePlan plan, Findings findings) {
        for (Occurrence occurrence : plan.elements()) {
            if (distorts(occurrence.element())) {
                findings.violation(occurrence, "the suite writes every sample to its own results file; a listener"
                        + " costs the load generator CPU and memory", "disable or delete it");
            }
        }
    }

    static boolean distorts(PlanElement element) {
        String testclass = element.testclass();
        if (testclass.equals(PERFMON)) {
            return false;
        }
        if (testclass.endsWith("ResultCollector") || testclass.equals("ResultSaver")) {
            return true;
        }
        return testclass.startsWith("kg.apc.jmeter.") && (testclass.endsWith("Collector")
                || testclass.contains(".vizualizers.") || testclass.contains(".reporters.")
                || element.guiclass().contains(".vizualizers."));
    }
}
