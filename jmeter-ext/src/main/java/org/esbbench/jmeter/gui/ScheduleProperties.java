package org.esbbench.jmeter.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.util.JMeterUtils;

/**
 * A schedule as the group will read it when the test starts: the standard plans write theirs with JMeter properties
 * ({@code rate(${__P(rate,0)}/sec) ...}), which the editor must be able to check and preview while the plan is only
 * being edited. {@code __P} and {@code __property} are resolved here, against the JMeter properties as they are now
 * (the suite's GUI passes the run's) or else the plan's default, so the preview does not depend on JMeter having found
 * its function classes; anything else goes to JMeter's own evaluator, and what is still a {@code ${...}} after that
 * (a variable, known only once the test runs) makes the schedule {@link Resolved#unresolved() unresolved}.
 */
final class ScheduleProperties {
    /** {@code ${__P(name)}}, {@code ${__P(name,default)}}, {@code ${__property(name,var,default)}}, not nested. */
    private static final Pattern PROPERTY_FUNCTION =
            Pattern.compile("\\$\\{__(P|property)\\(([^(),}]*)(?:,([^(),}]*))?(?:,([^(),}]*))?\\)}");

    private ScheduleProperties() {
    }

    /**
     * @param text       the schedule as resolved so far
     * @param used       "name=value" for each property read, in order of appearance
     * @param unresolved the first {@code ${...}} left, or empty when there is none
     */
    record Resolved(String text, List<String> used, String unresolved) {
        boolean isResolved() {
            return unresolved.isEmpty();
        }
    }

    static Resolved resolve(String schedule) {
        if (!schedule.contains("${")) {
            return new Resolved(schedule, List.of(), "");
        }
        List<String> used = new ArrayList<>();
        Matcher m = PROPERTY_FUNCTION.matcher(schedule);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(2).strip();
            String value = "P".equals(m.group(1))
                    ? valueOf(name, m.group(3) == null ? "1" : m.group(3)) // __P's default default is 1
                    : valueOf(name, m.group(4) == null ? name : m.group(4)); // __property's is the name
            used.add(name + "=" + value);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        String text = out.toString();
        if (text.contains("${")) {
            text = evaluateRest(text);
        }
        int left = text.indexOf("${");
        String unresolved = "";
        if (left >= 0) {
            int end = text.indexOf('}', left);
            unresolved = end < 0 ? text.substring(left) : text.substring(left, end + 1);
        }
        return new Resolved(text, List.copyOf(used), unresolved);
    }

    private static String valueOf(String property, String fallback) {
        Properties properties = JMeterUtils.getJMeterProperties();
        String value = properties == null ? null : properties.getProperty(property);
        return value == null ? fallback : value;
    }

    /** Other functions (and nested ones) as JMeter evaluates them; left as they are if JMeter cannot. */
    private static String evaluateRest(String text) {
        try {
            return new CompoundVariable(text).execute();
        } catch (Exception | LinkageError e) {
            return text;
        }
    }
}
