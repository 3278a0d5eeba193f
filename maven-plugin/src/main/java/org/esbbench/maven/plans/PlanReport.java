package org.esbbench.maven.plans;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@link PlanContract#check(Path)} found in one plan.
 *
 * @param plan             the plan file checked
 * @param violations       one line each ({@code plan <file>: <kind> '<name>' (<path>): <what>; fix: <how>}); the plan
 *                         must not run while there is one
 * @param warnings         one line each; the plan may run
 * @param replyCheckOptOut the Test Plan's User Defined Variables say {@code replyCheck = none}: samplers may run
 *                         without an assertion and the summary flags the replies as unchecked
 * @param parametersRead   every JMeter property the plan reads with {@code ${__P(name...)}}, sorted
 */
public record PlanReport(Path plan, List<String> violations, List<String> warnings, boolean replyCheckOptOut,
        Set<String> parametersRead) {

    public PlanReport {
        Objects.requireNonNull(plan, "plan");
        violations = List.copyOf(violations);
        warnings = List.copyOf(warnings);
        parametersRead = Collections.unmodifiableSet(new TreeSet<>(parametersRead));
    }

    public boolean passes() {
        return violations.isEmpty();
    }
}
