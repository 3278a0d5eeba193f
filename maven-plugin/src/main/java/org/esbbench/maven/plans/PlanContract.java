package org.esbbench.maven.plans;

import org.esbbench.maven.plans.rules.ClientSideListenerRule;
import org.esbbench.maven.plans.rules.ListenerRule;
import org.esbbench.maven.plans.rules.LoadModelRule;
import org.esbbench.maven.plans.rules.MicrosecondTimingRule;
import org.esbbench.maven.plans.rules.ParameterRule;
import org.esbbench.maven.plans.rules.ReplyCheckRule;
import org.esbbench.maven.plans.rules.ScriptRule;
import org.esbbench.maven.plans.rules.TargetRule;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Checks a JMeter plan (.jmx) against the suite's contract before a run, in well under a second:
 * <ol>
 * <li>the plan is readable: an existing, well-formed {@code jmeterTestPlan} with a Test Plan;</li>
 * <li>it reads the suite's parameters with {@code ${__P(name)}};</li>
 * <li>it has exactly one closed-model and one open-model thread group, reading those parameters;</li>
 * <li>every sampler's reply is checked by an assertion in its scope (or the plan opts out with
 * {@code replyCheck = none});</li>
 * <li>the target (HTTP server, port, path; JMS provider URL) is not hard-coded;</li>
 * <li>no listener distorts the figures;</li>
 * <li>scripts are Groovy, compiled once; no BeanShell;</li>
 * <li>the PerfMon collector reads the suite's properties itself ({@code ${__P(name)}}), not the Test Plan's
 * variables, which a distributed run's JMeter client leaves unresolved;</li>
 * <li>a notice, not a violation: every sampler has the Microsecond Timing in scope, otherwise its latency is in whole
 * milliseconds.</li>
 * </ol>
 * Only what runs is checked: disabled elements and their subtrees are skipped, and Test Fragments are checked where
 * Module Controllers run them. Immutable and thread-safe.
 */
public final class PlanContract {

    private final Set<String> suiteParameters;
    private final List<PlanRule> rules;

    /**
     * @param suiteParameters every JMeter property name the suite passes to each plan as -J (e.g. host, port, path,
     *                        users, rampup, hold, rate, duration, size, ...)
     */
    public PlanContract(Set<String> suiteParameters) {
        this.suiteParameters = Set.copyOf(Objects.requireNonNull(suiteParameters, "suiteParameters"));
        this.rules = List.of(new ParameterRule(this.suiteParameters), new LoadModelRule(), new ReplyCheckRule(),
                new TargetRule(), new ListenerRule(), new ScriptRule(), new ClientSideListenerRule(),
                new MicrosecondTimingRule());
    }

    /** Reads and checks one plan; never throws for a bad plan: an unreadable or malformed file is a violation. */
    public PlanReport check(Path plan) {
        Objects.requireNonNull(plan, "plan");
        Path fileName = plan.getFileName();
        Findings findings = new Findings(fileName == null ? plan.toString() : fileName.toString());
        boolean optOut = false;
        Set<String> parametersRead = Set.of();
        try {
            PlanElement testPlan = PlanReader.read(plan, findings);
            if (testPlan != null) {
                ActivePlan active = ActivePlan.of(findings, testPlan);
                optOut = active.replyCheckOptOut();
                parametersRead = active.parametersRead();
                for (PlanRule rule : rules) {
                    rule.check(active, findings);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            findings.violation("could not be checked (" + e + ")",
                    "open the plan in the JMeter GUI, save it again and report the plan to the suite's maintainers");
        }
        return new PlanReport(plan, findings.violations(), findings.warnings(), optOut, parametersRead);
    }
}
