package org.esbbench.report.points;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One point over all its repeats: the median and spread of each figure, the totals of samples and failures
 * (with error % and incorrect % over the samples of all repeats), and every flag any repeat raised.
 */
public record PointSummary(Point point, List<RepeatRow> repeats, Spread throughputPerSecond, Spread meanMs,
                           Spread p50Ms, Spread p90Ms, Spread p95Ms, Spread p99Ms, Spread cpuMicrosPerMessage,
                           Spread serverCpuPercent, Spread gcThroughputPercent, Spread heapAfterFullGcMb,
                           Spread generatorCpuPercent, Spread backendCpuPercent, Spread machineCpuPercent,
                           long samples, long errors, long incorrect, List<String> flags) {

    public static PointSummary of(Point point, List<RepeatRow> repeats) {
        if (repeats.isEmpty()) {
            throw new IllegalArgumentException("no repeats for " + point.key());
        }
        // A flag's kind is its text before the colon ("generator-saturated: ..."); the summary says in how many
        // repeats each kind was raised, the details per repeat stay in points.csv.
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (RepeatRow r : repeats) {
            Set<String> inThisRepeat = new LinkedHashSet<>();
            for (String f : r.flags().split(";")) {
                if (!f.isBlank()) {
                    int colon = f.indexOf(':');
                    inThisRepeat.add((colon < 0 ? f : f.substring(0, colon)).trim());
                }
            }
            inThisRepeat.forEach(k -> kinds.merge(k, 1, Integer::sum));
        }
        List<String> flags = new ArrayList<>();
        kinds.forEach((kind, n) -> flags.add(kind + " in " + n + " of " + repeats.size()
                + (repeats.size() == 1 ? " repeat" : " repeats")));
        return new PointSummary(point, List.copyOf(repeats),
                spread(repeats, RepeatRow::throughputPerSecond), spread(repeats, RepeatRow::meanMs),
                spread(repeats, RepeatRow::p50Ms), spread(repeats, RepeatRow::p90Ms),
                spread(repeats, RepeatRow::p95Ms), spread(repeats, RepeatRow::p99Ms),
                spread(repeats, RepeatRow::cpuMicrosPerMessage), spread(repeats, RepeatRow::serverCpuPercent),
                spread(repeats, RepeatRow::gcThroughputPercent), spread(repeats, RepeatRow::heapAfterFullGcMb),
                spread(repeats, RepeatRow::generatorCpuPercent), spread(repeats, RepeatRow::backendCpuPercent),
                spread(repeats, RepeatRow::machineCpuPercent),
                repeats.stream().mapToLong(RepeatRow::samples).sum(),
                repeats.stream().mapToLong(RepeatRow::errors).sum(),
                repeats.stream().mapToLong(RepeatRow::incorrect).sum(),
                List.copyOf(flags));
    }

    /** Groups rows by point (in point order) and summarises each group. */
    public static List<PointSummary> summarise(List<RepeatRow> rows) {
        Map<Point, List<RepeatRow>> byPoint = new TreeMap<>();
        for (RepeatRow r : rows) {
            byPoint.computeIfAbsent(r.point(), p -> new ArrayList<>()).add(r);
        }
        List<PointSummary> out = new ArrayList<>();
        byPoint.forEach((p, rs) -> out.add(of(p, rs)));
        return out;
    }

    /** Errors, percent of the samples of all repeats (sum of errors / sum of samples), not a median. */
    public double errorPercent() {
        return RepeatRow.percentOfSamples(errors, samples);
    }

    /** Incorrect replies, percent of the samples of all repeats (sum / sum), not a median. */
    public double incorrectPercent() {
        return RepeatRow.percentOfSamples(incorrect, samples);
    }

    public int repeatCount() {
        return repeats.size();
    }

    private static Spread spread(List<RepeatRow> rows, Function<RepeatRow, ? extends Number> figure) {
        return Spread.of(rows.stream().map(figure).map(n -> (Number) n).toList());
    }
}
