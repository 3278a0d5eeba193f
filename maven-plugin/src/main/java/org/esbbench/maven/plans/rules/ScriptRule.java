package org.esbbench.maven.plans.rules;

import org.esbbench.maven.plans.ActivePlan;
import org.esbbench.maven.plans.Findings;
import org.esbbench.maven.plans.Occurrence;
import org.esbbench.maven.plans.PlanElement;
import org.esbbench.maven.plans.PlanRule;
/**
 * Rule 7, Groovy compiled once: JSR223 elements use Groovy, cache the compiled script and keep {@code ${} out of an
 * inline script; BeanShell elements are refused.
 */
public final class ScriptRule implements PlanRule {

    @Override
    public void check(ActivePlan plan, Findings findings) {
        for (Occurrence occurrence : plan.elements()) {
            PlanElement element = occurrence.element();
            String simpleName = element.testclass().substring(element.testclass().lastIndexOf('.') + 1);
            if (simpleName.startsWith("BeanShell")) {
                findings.violation(occurrence, "BeanShell is interpreted again for every sample and does not scale",
                        "use a JSR223 element with Groovy");
            } else if (simpleName.startsWith("JSR223")) {
                checkJsr223(occurrence, findings);
            }
        }
    }

    private static void checkJsr223(Occurrence occurrence, Findings findings) {
        PlanElement element = occurrence.element();
        // JMeter runs an empty language as Groovy and caches unless cacheKey is false
        String language = element.propOrEmpty("scriptLanguage").trim();
        if (!language.isEmpty() && !language.equalsIgnoreCase("groovy")) {
            findings.violation(occurrence, "Language (scriptLanguage) is '" + language + "': only Groovy is"
                    + " compiled once and runs at Java speed", "choose groovy in the Language list");
        }
        String cacheKey = element.propOrEmpty("cacheKey").trim();
        if (cacheKey.equalsIgnoreCase("false")) {
            findings.violation(occurrence, "Cache compiled script if available is not ticked (cacheKey = false), so"
                    + " the script is compiled again for every sample", "tick Cache compiled script if available");
        }
        String filename = element.propOrEmpty("filename").trim();
        String script = element.propOrEmpty("script");
        if (!filename.isEmpty()) {
            return; // JMeter runs the file and ignores the inline script
        }
        if (script.isBlank()) {
            findings.violation(occurrence, "it has neither a script nor a script file, so it fails on every sample",
                    "write the script, or set Script file");
        } else if (script.contains("${")) {
            findings.violation(occurrence, "the inline script contains ${...}, which JMeter substitutes before the"
                    + " script runs, so it is compiled again for every sample",
                    "read values with vars.get('name') or props.get('name') instead of ${name}");
        }
    }
}
