package org.esbbench.maven.plans;

/** One rule of the plan contract: reports what it finds in the running view of a plan. */
public interface PlanRule {

    void check(ActivePlan plan, Findings findings);
}
