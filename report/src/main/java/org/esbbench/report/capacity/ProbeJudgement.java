package org.esbbench.report.capacity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.esbbench.report.arrivals.InFlightCap;
import org.esbbench.report.arrivals.LatenessBound;
import org.esbbench.report.arrivals.OfferedLoad;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.RepeatRow;

/**
 * How one probe is judged. It passes only when the objective holds, the generator kept its schedule (no {@code
 * generator-late}) and no arrival met the in-flight cap. A probe that fails while the generator was late or its cores
 * saturated ({@code generator-bound}), the server's own cores not saturated, is the generator's: its figures say
 * nothing of the server. So is a latency failure with no core busy while the generator stalled (its lateness max)
 * for longer than the objective's tightest latency bound. A decision is
 * marginal, within the noise, when a passing probe has a term within {@link Objective#MARGIN} of its bound, or when
 * every reason a probe failed is such a term.
 */
public record ProbeJudgement(Verdict verdict, boolean marginal, String reasons, String bound) {

    /** A probe's verdict. */
    public enum Verdict {
        PASS, FAIL, GENERATOR;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static Verdict of(String id) {
            return valueOf(id.strip().toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** What bounded a failed probe: the flag kinds, in the order they are named. */
    public static final String SERVER_CORES = "server cores";
    public static final String GENERATOR = "generator";
    public static final String IN_FLIGHT_CAP = "in-flight cap";
    public static final String LATENCY = "latency, no core saturated";

    public static ProbeJudgement of(Objective objective, RepeatRow row) {
        List<String> flags = kinds(row.flags());
        boolean late = flags.contains(LatenessBound.FLAG);
        boolean generatorBound = flags.contains("generator-bound");
        boolean capped = flags.contains(InFlightCap.FLAG);
        boolean overCapacity = flags.contains(OfferedLoad.OVER_CAPACITY);
        List<String> reasons = new ArrayList<>();
        boolean allMarginal = true;
        boolean anyMarginal = false;
        if (row.samples() == 0) {
            // An empty window holds every bound vacuously: it is no pass.
            reasons.add("no samples in its window");
            allMarginal = false;
        }
        for (Objective.TermResult r : objective.judge(row)) {
            anyMarginal |= r.marginal();
            if (!r.holds()) {
                reasons.add(r.describe());
                allMarginal &= r.marginal();
            }
        }
        if (late) {
            reasons.add("the generator was late (" + LatenessBound.FLAG + ")");
            allMarginal = false;
        }
        if (capped) {
            reasons.add("arrivals met the in-flight cap (" + InFlightCap.FLAG + ")");
            allMarginal = false;
        }
        if (overCapacity) {
            reasons.add("achieved short of offered (" + OfferedLoad.OVER_CAPACITY + ")");
            allMarginal = false;
        }
        String bound = bound(flags, row);
        if (reasons.isEmpty()) {
            return new ProbeJudgement(Verdict.PASS, anyMarginal, "", bound);
        }
        Double latenessMax = row.value(StandardFigures.LATENESS_MAX);
        double tightest = objective.terms().stream().filter(t -> t.kind().latency).mapToDouble(Objective.Term::bound)
                .min().orElse(Double.NaN);
        if (!late && bound.equals(LATENCY) && latenessMax != null && latenessMax > tightest) {
            // No core saturated, and the generator itself stopped for longer than the objective allows: a pause of
            // JMeter's (its collector, measured at 30 to 300 ms) delays every arrival due and every reply in flight
            // during it, 1 % of a 10 s window at any rate, which is a p99 failed, with fewer than the 1 % of arrivals
            // late that make generator-late.
            reasons.add(String.format(java.util.Locale.ROOT, "the generator stalled for %.1f ms (lateness max), longer"
                    + " than the objective's %s ms", latenessMax, Objective.format(tightest)));
            return new ProbeJudgement(Verdict.GENERATOR, false, String.join("; ", reasons), GENERATOR);
        }
        // The generator's only while the server's cores were not saturated: a server at its cores' limit has reached
        // its capacity whatever the generator did.
        if ((late || generatorBound) && !flags.contains("server-bound")) {
            return new ProbeJudgement(Verdict.GENERATOR, false, String.join("; ", reasons)
                    + (generatorBound && !late ? "; the generator's cores were saturated (generator-bound)" : ""),
                    GENERATOR);
        }
        return new ProbeJudgement(Verdict.FAIL, allMarginal, String.join("; ", reasons), bound);
    }

    /**
     * What bounded a probe, from its flags and its cores: the server's cores (saturated, or busy at least half the
     * time and twice the generator's), the generator's, the in-flight cap, or the latency while no core was busy (a
     * limit of the server's own, its pauses, or the backend).
     */
    static String bound(List<String> flags, RepeatRow row) {
        if (flags.contains("server-bound")) {
            return SERVER_CORES;
        }
        if (flags.contains("generator-bound") || flags.contains(LatenessBound.FLAG)) {
            return GENERATOR;
        }
        if (flags.contains(InFlightCap.FLAG)) {
            return IN_FLIGHT_CAP;
        }
        Double server = row.value(StandardFigures.SERVER_CORES_BUSY);
        Double generator = row.value(StandardFigures.GENERATOR_CORES_BUSY);
        if (server != null && generator != null && server >= BUSY_SERVER_PERCENT && server >= 2 * generator) {
            // A latency bound fails before the cores saturate: requests queue for a core that is busy most of the
            // time (measured: xslt at 10 KiB missed p99 <= 20 ms with its core 70 % busy, the generator's 33 %).
            return SERVER_CORES;
        }
        return LATENCY;
    }

    /**
     * How busy the server's own cores must be, short of saturation, to have bounded a probe whose latency failed:
     * at least half the time, and at least twice the generator's.
     */
    static final double BUSY_SERVER_PERCENT = 50;

    /** The kinds of the flags of a row: "server-bound: the ...; drift: ..." gives server-bound, drift. */
    static List<String> kinds(String flags) {
        return Arrays.stream(flags.split(";")).map(String::strip).filter(f -> !f.isEmpty())
                .map(f -> f.contains(":") ? f.substring(0, f.indexOf(':')).strip() : f).toList();
    }
}
