package org.esbbench.maven.plans;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Collects a plan's violations and warnings as one-line messages that name the plan file and the element. */
public final class Findings {

    private final String fileName;
    private final Set<String> violations = new LinkedHashSet<>();
    private final Set<String> warnings = new LinkedHashSet<>();

    Findings(String fileName) {
        this.fileName = fileName;
    }

    /** A plan-level violation: {@code plan <file>: <what>; fix: <fix>}. */
    public void violation(String what, String fix) {
        violations.add("plan " + fileName + ": " + what + "; fix: " + fix);
    }

    /** {@code plan <file>: <kind> '<name>' (<path>): <what>; fix: <fix>}. */
    public void violation(Occurrence at, String what, String fix) {
        violations.add("plan " + fileName + ": " + at.describe() + ": " + what + "; fix: " + fix);
    }

    public void warning(String what) {
        warnings.add("plan " + fileName + ": " + what);
    }

    public void warning(Occurrence at, String what) {
        warnings.add("plan " + fileName + ": " + at.describe() + ": " + what);
    }

    List<String> violations() {
        return new ArrayList<>(violations);
    }

    List<String> warnings() {
        return new ArrayList<>(warnings);
    }
}
