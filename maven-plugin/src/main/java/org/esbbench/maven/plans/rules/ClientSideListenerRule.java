package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanRule;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rule 8, the PerfMon collector reads its settings itself: its fields use {@code ${__P(name)}}, never a variable
 * such as {@code ${perfmonFile}} from the Test Plan.
 *
 * <p>Why: with remote engines JMeter keeps every listener in the client (its {@code ConvertListeners} hands the
 * engines a remote stub), and the client resolves a listener's fields without evaluating the Test Plan's
 * variables (its client-side {@code PreCompiler}). A variable then stays the Test Plan's raw text: the collector
 * wrote its readings to a file literally named {@code ${__P(perfmonFile,perfmon.csv)}} in the client's working
 * folder, and read its port as 0, so the agent "refused" every connection (issue 27). A function is evaluated
 * there, with the client's properties, as it is in a local JMeter.
 */
public final class ClientSideListenerRule implements PlanRule {

    /** A variable reference: {@code ${name}} whose name is not a function ({@code ${__P(...)}}). */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(?!__)([^{}]*)}");

    @Override
    public void check(ActivePlan plan, Findings findings) {
        for (Occurrence occurrence : plan.elements()) {
            if (!occurrence.element().is(ListenerRule.PERFMON)) {
                continue;
            }
            Set<String> variables = new LinkedHashSet<>();
            for (String value : occurrence.element().propertyValues()) {
                Matcher m = VARIABLE.matcher(value);
                while (m.find()) {
                    variables.add(m.group(1));
                }
            }
            if (!variables.isEmpty()) {
                findings.violation(occurrence, "it reads " + String.join(", ", variables.stream().map(v -> "${" + v
                        + "}").toList()) + ", which a distributed run's JMeter client leaves unresolved (it writes"
                        + " to a file of that literal name and reads the port as 0)", "read the property itself,"
                        + " e.g. ${__P(perfmonFile,perfmon.csv)} and ${__P(perfmonPort,4444)}");
            }
        }
    }
}
