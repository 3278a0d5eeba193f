package org.esbbench.report.capacity;

import java.util.Map;
import java.util.OptionalInt;

/**
 * A capacity search's settings, from the run's parameters: the objective ({@code -Dcapacity}), the first rate ({@code
 * -DcapacityStart}), the probe window ({@code -DcapacityProbe}), the precision ({@code -DcapacityPrecision}) and the
 * deadline per point ({@code -DcapacityDeadline}).
 *
 * @param start empty for {@code auto}: a tenth of the closed model's throughput in the warm-up
 */
public record CapacitySettings(Objective objective, OptionalInt start, long probeSeconds, double precisionPercent,
                               long deadlineSeconds) {

    public static final String START = "capacityStart";
    public static final String PROBE = "capacityProbe";
    public static final String PRECISION = "capacityPrecision";
    public static final String DEADLINE = "capacityDeadline";
    public static final String AUTO = "auto";
    /**
     * The probe window's default: ten seconds keep a search of about ten probes (each with JMeter's start and a 5 s
     * lead-in) within the twenty minutes two scenarios may take, as Nighthawk's adaptive controller measures 10 s. It
     * is not noise-free: near the knee a 10 s window's p99 moved by half its value between windows at one rate
     * (docs/benchmarks.md, "Capacity under a latency objective"), so the nearest decisions are repeated ({@link
     * Objective#MARGIN}) and the confirmation window, as long as the measurement window, checks the capacity found.
     */
    public static final long DEFAULT_PROBE_SECONDS = 10;
    public static final int DEFAULT_PRECISION_PERCENT = 5;
    public static final long DEFAULT_DEADLINE_SECONDS = 1800;
    /**
     * Seconds each probe runs at its rate before its window: JMeter's own start (its threads, connections, JIT), not
     * the server's warm-up, which the search's warm-up window did once. Measured: a new JMeter offering 720/s of direct
     * answered its first 3.5 s late (responses up to 2 s, then under 10 ms); 5 s leaves that transient out.
     */
    public static final long PROBE_WARMUP_SECONDS = 5;

    /** Whether the run's parameters ask for a search. */
    public static boolean requested(Map<String, String> parameters) {
        String v = parameters.get(Objective.PARAMETER);
        return v != null && !v.isBlank();
    }

    /** The settings of a run that asks for a search ({@link #requested}). */
    public static CapacitySettings of(Map<String, String> parameters) {
        String start = parameters.getOrDefault(START, AUTO).strip();
        checkStart(start);
        String precision = parameters.getOrDefault(PRECISION, Integer.toString(DEFAULT_PRECISION_PERCENT)).strip();
        checkPrecision(precision);
        return new CapacitySettings(Objective.parse(parameters.get(Objective.PARAMETER)),
                start.equals(AUTO) ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(start)),
                Long.parseLong(parameters.getOrDefault(PROBE, Long.toString(DEFAULT_PROBE_SECONDS)).strip()),
                Double.parseDouble(precision),
                Long.parseLong(parameters.getOrDefault(DEADLINE, Long.toString(DEFAULT_DEADLINE_SECONDS)).strip()));
    }

    public static void checkStart(String value) {
        String v = value.strip();
        if (v.equals(AUTO)) {
            return;
        }
        try {
            int rate = Integer.parseInt(v);
            if (rate >= CapacitySearch.MIN_RATE && rate <= CapacitySearch.MAX_RATE) {
                return;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + START + "=" + value + ": give `auto` or the first rate to probe, arrivals"
                + " per second from " + CapacitySearch.MIN_RATE + " to " + CapacitySearch.MAX_RATE + " (e.g. -D" + START
                + "=500)");
    }

    public static void checkPrecision(String value) {
        try {
            double p = Double.parseDouble(value.strip());
            if (p >= 0.5 && p <= 50) {
                return;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + PRECISION + "=" + value + ": give the bracket's width at which the search"
                + " ends, % of the capacity, from 0.5 to 50 (e.g. -D" + PRECISION + "=5, the default)");
    }
}
