package org.esbbench.suite.plans;

/**
 * One run parameter of a plan: a JMeter property ({@code -J<name>=<value>}) with the default the plan
 * uses when it is not set. The plan reads it once, in its User Defined Variables, as
 * {@code ${__P(name,default)}}; every other element refers to {@code ${name}}.
 */
record PlanParameter(String name, String defaultValue, String description) {

    PlanParameter {
        if (!name.matches("[A-Za-z][A-Za-z0-9]*")) {
            throw new IllegalArgumentException("parameter names are plain identifiers: " + name);
        }
        if (defaultValue.contains(",") || defaultValue.contains(")")) {
            // __P splits its arguments on commas; a comma or parenthesis would need escaping there.
            throw new IllegalArgumentException("default of " + name + " must not hold ',' or ')': " + defaultValue);
        }
    }

    /** The expression the plan stores: the property, or the default when the property is unset. */
    String expression() {
        return "${__P(" + name + "," + defaultValue + ")}";
    }
}
