package org.esbbench.report.gate;

/** The comparison of a criterion: the figure's value must be below, at most, above or at least the limit. */
public enum Bound {
    AT_MOST("<="),
    AT_LEAST(">="),
    BELOW("<"),
    ABOVE(">");

    private final String symbol;

    Bound(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public boolean holds(double value, double limit) {
        return switch (this) {
            case AT_MOST -> value <= limit;
            case AT_LEAST -> value >= limit;
            case BELOW -> value < limit;
            case ABOVE -> value > limit;
        };
    }
}
