package org.esbbench.report.figures;

/** Which way a figure improves, for comparisons between runs and the regression check. */
public enum Better {
    HIGHER("higher is better"),
    LOWER("lower is better");

    private final String text;

    Better(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
