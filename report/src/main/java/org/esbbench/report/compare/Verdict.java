package org.esbbench.report.compare;

/** Whether a run's figure differs from the baseline's by more than the runs' own spread. */
public enum Verdict {
    /** The two [min, max] ranges over the repeats overlap: the difference is noise as far as the runs show. */
    WITHIN_SPREAD("within spread"),
    /** The ranges do not overlap: every repeat of one run was better (or worse) than every repeat of the other. */
    SIGNIFICANT("significant"),
    /** Both runs measured the point once: there is no spread to judge the difference by. */
    NO_SPREAD_KNOWN("no spread known (1 repeat each)"),
    /** One of the runs has no value for the figure (e.g. no CPU figure for an external server). */
    NOT_AVAILABLE("n/a"),
    /** One of the runs did not measure the point at all. */
    MISSING("missing");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
