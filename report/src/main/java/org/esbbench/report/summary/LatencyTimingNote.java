package org.esbbench.report.summary;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.samples.LatencyTiming;
import org.esbbench.report.samples.Sample;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The summary's sentence on how the response times were timed: in microseconds (the results files'
 * {@value Sample#ELAPSED_US} column) or in JMeter's whole milliseconds, naming the scenario runs when they differ.
 * A reader must know it: in whole milliseconds a sub-millisecond server's p50 is 0.000.
 */
public final class LatencyTimingNote {
    private LatencyTimingNote() {
    }

    /** The sentence for these scenario runs; empty when none says how it was timed. */
    public static Optional<String> of(List<RepeatRow> rows) {
        Map<LatencyTiming, List<String>> byTiming = new EnumMap<>(LatencyTiming.class);
        for (RepeatRow r : rows) {
            r.latencyTiming().ifPresent(t -> byTiming.computeIfAbsent(t, k -> new ArrayList<>())
                    .add(RunLayout.scenarioRunName(r.point(), r.repeat())));
        }
        if (byTiming.isEmpty()) {
            return Optional.empty();
        }
        if (byTiming.size() == 1) {
            String only = clause(byTiming.keySet().iterator().next());
            return Optional.of(Character.toUpperCase(only.charAt(0)) + only.substring(1) + ".");
        }
        List<String> parts = new ArrayList<>();
        byTiming.forEach((timing, names) -> parts.add(clause(timing) + ": " + String.join(", ", names)));
        return Optional.of("Response times differ in timing between scenario runs: " + String.join("; ", parts) + ".");
    }

    private static String clause(LatencyTiming timing) {
        String detail = switch (timing) {
            case MICROSECONDS -> " (the results files' " + Sample.ELAPSED_US + " column)";
            case WHOLE_MILLISECONDS -> " (the results files have no " + Sample.ELAPSED_US + " values; response times"
                    + " are JMeter's elapsed)";
            case MIXED -> "";
        };
        return timing.description() + detail;
    }
}
