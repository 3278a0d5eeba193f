package org.esbbench.report.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.RepeatRow;

/**
 * A latency objective, {@code -Dcapacity='p99<=20ms,errors<=0.1%'}: terms joined by commas, each a figure, {@code <=}
 * or {@code <}, and a bound with its unit. The figures: the response time's {@code p50 p90 p95 p99 p99.9} and {@code
 * mean} (from each arrival's due time, in {@code us}, {@code ms} or {@code s}), {@code errors} and {@code incorrect}
 * (% of the samples) and the server's {@code cpu} (% of its CPUs). Errors and incorrect replies not named are held to
 * 0 %: a rate at which the server fails requests is not one it holds.
 */
public record Objective(String text, List<Term> terms) {

    /** The parameter: the objective, or empty for a run without a capacity search. */
    public static final String PARAMETER = "capacity";

    /**
     * How near its bound a figure is within the noise of a probe: ±20 %. Measured on the reference server (10 s
     * probes, docs/benchmarks.md "Capacity under a latency objective"): p99 at one rate moved by a fifth and more
     * from probe to probe (by half near the knee), the server's pauses falling in one window and not the next; a
     * wider margin would repeat most probes of a search.
     */
    public static final double MARGIN = 0.20;

    private static final Pattern TERM = Pattern.compile(
            "\\s*([a-z]+[0-9.]*)\\s*(<=|<)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|µs|ms|s|%)?\\s*");

    /** What a term may name, with the figure it reads and its unit kind. */
    public enum Kind {
        P50("p50", StandardFigures.P50, true), P90("p90", StandardFigures.P90, true),
        P95("p95", StandardFigures.P95, true), P99("p99", StandardFigures.P99, true),
        P99_9("p99.9", StandardFigures.P99_9, true), MEAN("mean", StandardFigures.MEAN, true),
        ERRORS("errors", StandardFigures.ERROR_PCT, false), INCORRECT("incorrect", StandardFigures.INCORRECT_PCT, false),
        CPU("cpu", StandardFigures.SERVER_CPU, false);

        final String id;
        final Figure figure;
        final boolean latency;

        Kind(String id, Figure figure, boolean latency) {
            this.id = id;
            this.figure = figure;
            this.latency = latency;
        }

        static Optional<Kind> of(String id) {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return Optional.of(k);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * One term: a figure (in ms for latencies, % otherwise) at most {@code bound}, or under it when {@code strict}.
     *
     * @param implied held without being named (errors and incorrect at 0 %)
     */
    public record Term(Kind kind, boolean strict, double bound, boolean implied) {
        public Figure figure() {
            return kind.figure;
        }

        /** Whether {@code value} meets the term; an unknown value does not. */
        public boolean holds(Double value) {
            return value != null && !value.isNaN() && (strict ? value < bound : value <= bound);
        }

        /** Whether {@code value} lies within {@link #MARGIN} of a bound above 0: a decision the noise could turn. */
        public boolean marginal(Double value) {
            return bound > 0 && value != null && !value.isNaN() && Math.abs(value - bound) <= MARGIN * bound;
        }

        public String describe() {
            return kind.id + (strict ? "<" : "<=") + format(bound) + (kind.latency ? "ms" : "%");
        }
    }

    /** A term's verdict on one probe. */
    public record TermResult(Term term, Double value, boolean holds, boolean marginal) {
        public String describe() {
            return term.kind.id + " " + (value == null || value.isNaN() ? "not measured" : format(value)
                    + (term.kind.latency ? " ms" : " %")) + (holds ? " ≤ " : " > ") + format(term.bound)
                    + (term.kind.latency ? " ms" : " %");
        }
    }

    /** The grammar, for error messages and the documentation. */
    public static final String GRAMMAR = "terms joined by commas, each FIGURE<=BOUND or FIGURE<BOUND: p50, p90, p95, p99,"
            + " p99.9 or mean with us, ms or s (e.g. p99<=20ms), errors or incorrect with % (e.g. errors<=0.1%), cpu with"
            + " % (the server's CPU, e.g. cpu<=80%)";

    /**
     * Parses an objective.
     *
     * @throws IllegalArgumentException naming the term that is wrong and what is valid
     */
    public static Objective parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("-D" + PARAMETER + " is empty; give an objective: " + GRAMMAR);
        }
        List<Term> terms = new ArrayList<>();
        for (String part : t.split(",", -1)) {
            Matcher m = TERM.matcher(part.toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                        + "' is not a term; " + GRAMMAR);
            }
            Kind kind = Kind.of(m.group(1)).orElseThrow(() -> new IllegalArgumentException("-D" + PARAMETER + "='" + t
                    + "': unknown figure '" + m.group(1) + "'; valid: p50, p90, p95, p99, p99.9, mean, errors,"
                    + " incorrect, cpu"));
            double value = Double.parseDouble(m.group(3));
            String unit = m.group(4) == null ? "" : m.group(4);
            double bound;
            if (kind.latency) {
                bound = switch (unit) {
                    case "us", "µs" -> value / 1000;
                    case "ms" -> value;
                    case "s" -> value * 1000;
                    default -> throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                            + "' needs a unit, us, ms or s (e.g. " + kind.id + "<=20ms)");
                };
                if (bound <= 0) {
                    throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                            + "': a latency bound above 0");
                }
            } else {
                if (!unit.equals("%")) {
                    throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                            + "' is a percentage: write it with % (e.g. " + kind.id + "<=0.1%)");
                }
                if (value > 100) {
                    throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                            + "': a percentage from 0 to 100");
                }
                bound = value;
            }
            boolean strict = m.group(2).equals("<");
            if (strict && bound == 0) {
                throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': '" + part.strip()
                        + "' can never hold; write " + kind.id + "<=0" + unit);
            }
            if (terms.stream().anyMatch(x -> x.kind == kind)) {
                throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': " + kind.id + " is given twice");
            }
            terms.add(new Term(kind, strict, bound, false));
        }
        if (terms.stream().noneMatch(x -> x.kind.latency)) {
            throw new IllegalArgumentException("-D" + PARAMETER + "='" + t + "': no latency term; a capacity is under a"
                    + " latency objective (e.g. p99<=20ms)");
        }
        for (Kind always : List.of(Kind.ERRORS, Kind.INCORRECT)) {
            if (terms.stream().noneMatch(x -> x.kind == always)) {
                terms.add(new Term(always, false, 0, true));
            }
        }
        return new Objective(t, List.copyOf(terms));
    }

    /** Each term's verdict on a probe's figures. */
    public List<TermResult> judge(RepeatRow row) {
        return terms.stream().map(term -> {
            Double v = row.value(term.figure());
            return new TermResult(term, v, term.holds(v), term.marginal(v));
        }).toList();
    }

    /** Whether it names the server's CPU (which a target without a measured server cannot give). */
    public boolean needsServerCpu() {
        return terms.stream().anyMatch(t -> t.kind == Kind.CPU);
    }

    /** The terms as one line, those held without being named marked: "p99<=20ms, errors<=0% (implied), ...". */
    public String describe() {
        return String.join(", ", terms.stream().map(t -> t.describe() + (t.implied ? " (implied)" : "")).toList());
    }

    /** The first latency term's bound (ms) and figure: the line of the capacity chart. */
    public Term latencyTerm() {
        return terms.stream().filter(t -> t.kind.latency).findFirst().orElseThrow();
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
