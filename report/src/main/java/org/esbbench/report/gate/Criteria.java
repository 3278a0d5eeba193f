package org.esbbench.report.gate;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code -Dcriteria}: the pass/fail bounds of a run, comma-separated, each {@code SCENARIO:FIGURE OP NUMBER} with OP
 * one of {@code < <= > >=} (as plain as k6's thresholds): {@code direct:p99_ms<5,*:error_pct<=0.1}. Parsed against the
 * catalogue of figures, so that a misspelt figure is refused with the valid ids before any load; the scenarios are
 * held against the run's own with {@link #requireScenarios}.
 *
 * <p>A run that searches for capacities ({@code -Dcapacity}) takes {@code capacity>=N} too ({@link CapacityCriterion}),
 * judged on each search rather than each point.
 *
 * @param list     the criteria on figures in the order given
 * @param capacity the criteria on capacity searches in the order given
 */
public record Criteria(List<Criterion> list, List<CapacityCriterion> capacity) {
    /** The run parameter (-D and run-parameters.json). */
    public static final String PARAMETER = "criteria";
    public static final Criteria NONE = new Criteria(List.of(), List.of());
    /** The value that gives no criteria (and no baseline) where recorded ones would otherwise apply. */
    public static final String NONE_WORD = "none";

    private static final Pattern ONE = Pattern.compile("([^:]+):([A-Za-z0-9_.]+)(<=|>=|<|>)(.*)");
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    public Criteria {
        list = List.copyOf(list);
        capacity = List.copyOf(capacity);
    }

    /** Criteria on figures alone. */
    public Criteria(List<Criterion> list) {
        this(list, List.of());
    }

    public boolean isEmpty() {
        return list.isEmpty() && capacity.isEmpty();
    }

    /** Parses the parameter as given with {@code -Dcriteria}; blank is none. */
    public static Criteria parse(String value, Figures figures) {
        return parse(value, figures, "-D" + PARAMETER);
    }

    /**
     * Parses the criteria as given; blank is none.
     *
     * @param flag how they were given, for the message: {@code -Dcriteria} or a command line's option
     * @throws IllegalArgumentException naming the criterion that is wrong, what is wrong and what is valid
     */
    public static Criteria parse(String value, Figures figures, String flag) {
        if (value == null || value.isBlank() || value.strip().equals(NONE_WORD)) {
            return NONE;
        }
        List<Criterion> list = new ArrayList<>();
        List<CapacityCriterion> capacity = new ArrayList<>();
        for (String part : value.split(",")) {
            String text = part.replaceAll("\\s+", "");
            if (text.isEmpty()) {
                continue;
            }
            java.util.Optional<CapacityCriterion> onCapacity = CapacityCriterion.parse(text, flag);
            if (onCapacity.isPresent()) {
                capacity.add(onCapacity.get());
            } else {
                list.add(one(text, figures, flag));
            }
        }
        return new Criteria(list, capacity);
    }

    private static Criterion one(String text, Figures figures, String flag) {
        Matcher m = ONE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(flag + ": '" + text + "' is not a criterion: write SCENARIO:FIGURE OP NUMBER,"
                    + " OP one of < <= > >=, SCENARIO a scenario id or * for every one (e.g. " + flag
                    + "=direct:p99_ms<5,*:error_pct<=0.1)");
        }
        Figure figure = figures.byId(m.group(2)).orElseThrow(() -> new IllegalArgumentException(flag + ": '" + text
                + "' names no figure " + m.group(2) + "; the figures: " + ids(figures.all())));
        String number = m.group(4);
        if (!NUMBER.matcher(number).matches()) {
            throw new IllegalArgumentException(flag + ": '" + text + "': the bound must be a number in the figure's unit ("
                    + (figure.unit().isEmpty() ? "a count" : figure.unit()) + "), got '" + number + "'");
        }
        Bound bound = switch (m.group(3)) {
            case "<" -> Bound.BELOW;
            case "<=" -> Bound.AT_MOST;
            case ">" -> Bound.ABOVE;
            default -> Bound.AT_LEAST;
        };
        return new Criterion(m.group(1), figure, bound, Double.parseDouble(number), text);
    }

    /**
     * Every criterion names {@code *} or a scenario of the run.
     *
     * @param scenarios the scenario and plan ids the run measures
     * @throws IllegalArgumentException naming the criterion and the run's scenarios
     */
    public void requireScenarios(Collection<String> scenarios, String flag) {
        Set<String> known = new TreeSet<>(scenarios);
        for (Criterion c : list) {
            requireScenario(c.scenario(), c.text(), known, flag);
        }
        for (CapacityCriterion c : capacity) {
            requireScenario(c.scenario(), c.text(), known, flag);
        }
    }

    private static void requireScenario(String scenario, String text, Set<String> known, String flag) {
        if (!scenario.equals(Criterion.EVERY) && !known.contains(scenario)) {
            throw new IllegalArgumentException(flag + ": '" + text + "' names scenario " + scenario
                    + ", which this run does not measure; its scenarios: " + String.join(", ", known)
                    + ", or * for every one");
        }
    }

    /** The criteria as one line, as given (those on capacity last): "direct:p99_ms<5, *:error_pct<=0.1". */
    public String describe() {
        List<String> texts = new ArrayList<>(list.stream().map(Criterion::text).toList());
        capacity.forEach(c -> texts.add(c.text()));
        return String.join(", ", texts);
    }

    static String ids(List<Figure> figures) {
        return String.join(", ", figures.stream().map(Figure::id).toList());
    }
}
