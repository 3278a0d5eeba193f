package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule 2: the plan reads with {@code ${__P(name...)}} every parameter the suite passes it that it depends on (the
 * load model's always, the target's for the kind of sampler it has); a {@code __P} name the suite does not pass is a
 * warning, since its default applies.
 */
public final class ParameterRule implements PlanRule {

    /** Parameter, then where to read it in the GUI. */
    private static final Map<String, String> LOAD = new LinkedHashMap<>();
    private static final Map<String, String> HTTP = new LinkedHashMap<>();
    private static final Map<String, String> JMS = new LinkedHashMap<>();

    static {
        LOAD.put("users", "set the closed-model group's Target Concurrency (or Number of Threads) to ${__P(users,10)}");
        LOAD.put("rampup", "set the closed-model group's Ramp Up Time (or Ramp-up period) to ${__P(rampup,30)}");
        LOAD.put("hold", "set the Concurrency Thread Group's Hold Target Rate Time to ${__P(hold,1200)}");
        LOAD.put("rate", "write the Open Model Thread Group's schedule as"
                + " rate(${__P(rate,0)}/sec) random_arrivals(${__P(duration,1200)} sec)");
        LOAD.put("duration", "write the Open Model Thread Group's schedule as"
                + " rate(${__P(rate,0)}/sec) random_arrivals(${__P(duration,1200)} sec)");
        HTTP.put("host", "add host = ${__P(host,127.0.0.1)} to the Test Plan's User Defined Variables and set the"
                + " HTTP Request's Server Name or IP to ${host}");
        HTTP.put("port", "add port = ${__P(port,8280)} to the Test Plan's User Defined Variables and set the"
                + " HTTP Request's Port Number to ${port}");
        HTTP.put("path", "add path = ${__P(path,/services/YourProxy)} to the Test Plan's User Defined Variables and"
                + " set the HTTP Request's Path to ${path}");
        JMS.put("jmsUrl", "add jmsUrl = ${__P(jmsUrl,tcp://127.0.0.1:61616)} to the Test Plan's User Defined"
                + " Variables and set the JMS Point-to-Point's Provider URL to ${jmsUrl}");
    }

    private final Set<String> suiteParameters;

    public ParameterRule(Set<String> suiteParameters) {
        this.suiteParameters = suiteParameters;
    }

    @Override
    public void check(ActivePlan plan, Findings findings) {
        Set<String> read = plan.parametersRead();
        Map<String, String> required = new LinkedHashMap<>(LOAD);
        if (closedModelIsThreadGroup(plan)) {
            required.remove("hold"); // a Thread Group has no hold time: it runs for -Jduration
        }
        if (runs(plan, "HTTPSamplerProxy")) {
            required.putAll(HTTP);
        }
        if (runs(plan, "JMSSampler")) {
            required.putAll(JMS);
        }
        for (Map.Entry<String, String> parameter : required.entrySet()) {
            if (!read.contains(parameter.getKey())) {
                findings.violation("nothing reads -J" + parameter.getKey() + " with ${__P(" + parameter.getKey()
                        + ")}, so the suite's " + parameter.getKey() + " would be ignored", parameter.getValue());
            }
        }
        List<String> unknown = new ArrayList<>(read);
        unknown.removeAll(suiteParameters);
        for (String name : unknown) {
            findings.warning("reads -J" + name + ", which the suite does not pass: its default applies");
        }
    }

    private static boolean closedModelIsThreadGroup(ActivePlan plan) {
        boolean threadGroup = false;
        for (PlanElement child : plan.activeChildren(plan.testPlan())) {
            if (child.is(LoadModelRule.CONCURRENCY)) {
                return false;
            }
            threadGroup |= child.is(LoadModelRule.THREAD_GROUP);
        }
        return threadGroup;
    }

    private static boolean runs(ActivePlan plan, String testclass) {
        return plan.elements().stream().anyMatch(o -> o.element().is(testclass));
    }
}
