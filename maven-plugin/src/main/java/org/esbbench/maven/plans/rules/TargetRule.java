package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule 5, no hard-coded target: an HTTP Request's server, port and path, and a JMS Point-to-Point's provider URL,
 * come from variables or properties (contain {@code ${}); an HTTP Request may leave a field empty when an HTTP
 * Request Defaults in its scope sets it so.
 */
public final class TargetRule implements PlanRule {

    static final String JMS_PROVIDER_URL = "JMSSampler.contextProviderUrl";
    static final String JMS_CONTEXT_FACTORY = "JMSSampler.initialContextFactory";
    static final String JMS_CONNECTION_FACTORY = "JMSSampler.queueconnectionfactory";

    private record Field(String property, String label, String variable, String example) {
    }

    private static final List<Field> HTTP_FIELDS = List.of(
            new Field("HTTPSampler.domain", "Server Name or IP", "${host}", "${__P(host,127.0.0.1)}"),
            new Field("HTTPSampler.port", "Port Number", "${port}", "${__P(port,8280)}"),
            new Field("HTTPSampler.path", "Path", "${path}", "${__P(path,/services/YourProxy)}"));

    @Override
    public void check(ActivePlan plan, Findings findings) {
        Map<PlanElement, Set<String>> reported = new IdentityHashMap<>();
        for (Occurrence occurrence : plan.occurrences()) {
            PlanElement element = occurrence.element();
            if (element.is("HTTPSamplerProxy")) {
                for (Field field : HTTP_FIELDS) {
                    checkHttp(plan, findings, occurrence, field, reported);
                }
            } else if (element.is("JMSSampler") && once(reported, element, JMS_PROVIDER_URL)) {
                warnIfHardCoded(findings, occurrence, JMS_CONTEXT_FACTORY, "JNDI Initial Context Factory", "jmsJndiFactory",
                        "jms.jndi.factory");
                warnIfHardCoded(findings, occurrence, JMS_CONNECTION_FACTORY, "QueueConnection Factory", "jmsConnectionFactory",
                        "jms.connection.factory");
                String url = element.propOrEmpty(JMS_PROVIDER_URL);
                if (!url.contains("${")) {
                    findings.violation(occurrence, "Provider URL (" + JMS_PROVIDER_URL + ") is "
                            + (url.isBlank() ? "empty" : "hard-coded as '" + url + "'")
                            + ", so the suite's -JjmsUrl cannot point it at the broker under test",
                            "set Provider URL to ${jmsUrl} (with jmsUrl = ${__P(jmsUrl,tcp://127.0.0.1:61616)} in"
                                    + " the Test Plan's User Defined Variables) or to"
                                    + " ${__P(jmsUrl,tcp://127.0.0.1:61616)}");
                }
            }
        }
    }

    /**
     * A JMS Point-to-Point whose context factory or connection factory name is a literal still runs against a broker
     * of that make (a warning, not a violation), but the target profile's JNDI settings cannot change it.
     */
    private static void warnIfHardCoded(Findings findings, Occurrence occurrence, String property, String label,
            String parameter, String profileKey) {
        String value = occurrence.element().propOrEmpty(property);
        if (!value.isBlank() && !value.contains("${")) {
            findings.warning(occurrence, label + " (" + property + ") is hard-coded as '" + value + "', so the target"
                    + " profile's " + profileKey + " (-J" + parameter + ") does not reach it; set it to ${" + parameter
                    + "} (with " + parameter + " = ${__P(" + parameter + ",...)} in the Test Plan's User Defined Variables)");
        }
    }

    private static void checkHttp(ActivePlan plan, Findings findings, Occurrence occurrence, Field field,
            Map<PlanElement, Set<String>> reported) {
        PlanElement sampler = occurrence.element();
        String value = sampler.propOrEmpty(field.property());
        String fix = "set " + field.label() + " to " + field.variable() + " (defined in the Test Plan's User Defined"
                + " Variables as " + field.example() + ") or to " + field.example();
        if (!value.isBlank()) {
            if (!value.contains("${") && once(reported, sampler, field.property())) {
                findings.violation(occurrence, field.label() + " (" + field.property() + ") is hard-coded as '"
                        + value + "', so the suite's parameters cannot point it at the server under test", fix);
            }
            return;
        }
        for (PlanElement candidate : plan.inScope(occurrence)) {
            if (isHttpDefaults(candidate)) {
                String inherited = candidate.propOrEmpty(field.property());
                if (inherited.isBlank()) {
                    continue;
                }
                if (!inherited.contains("${") && once(reported, sampler, field.property())) {
                    findings.violation(occurrence, field.label() + " (" + field.property() + ") is empty and the"
                            + " HTTP Request Defaults '" + candidate.testname() + "' in its scope hard-codes it as '"
                            + inherited + "'", "in HTTP Request Defaults '" + candidate.testname() + "', " + fix);
                }
                return;
            }
        }
        if (once(reported, sampler, field.property())) {
            findings.violation(occurrence, field.label() + " (" + field.property() + ") is empty and no enabled HTTP"
                    + " Request Defaults in its scope sets it", fix);
        }
    }

    /** Reports a field of a sampler once, however many places the sampler runs at. */
    private static boolean once(Map<PlanElement, Set<String>> reported, PlanElement sampler, String property) {
        return reported.computeIfAbsent(sampler, s -> new HashSet<>()).add(property);
    }

    private static boolean isHttpDefaults(PlanElement element) {
        return element.is("ConfigTestElement") && element.guiclass().endsWith("HttpDefaultsGui");
    }
}
