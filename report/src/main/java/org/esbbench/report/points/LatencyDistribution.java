package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.samples.LatencyHistogram;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The response-time percentile distribution of one repeat, as HdrHistogram's percentile iteration gives it
 * (denser towards the tail), kept in {@code latency/<point>_r<N>.csv} with columns {@code percentile,value_ms}:
 * milliseconds with three decimals (to the microsecond when the run timed in microseconds, whole milliseconds
 * otherwise), the same in files written before the histograms were kept in microseconds. It is what the latency
 * distribution chart plots.
 */
public final class LatencyDistribution {

    /** One step of the distribution: {@code percentile}% of the samples took at most {@code valueMs}. */
    public record Step(double percentile, double valueMs) {
    }

    private LatencyDistribution() {
    }

    /**
     * The distribution of a histogram of microseconds ({@link LatencyHistogram}), in milliseconds; empty for an empty
     * histogram.
     */
    public static List<Step> of(AbstractHistogram histogram) {
        List<Step> steps = new ArrayList<>();
        if (histogram.getTotalCount() == 0) {
            return steps;
        }
        for (HistogramIterationValue v : histogram.percentiles(5)) {
            steps.add(new Step(v.getPercentileLevelIteratedTo(),
                    LatencyHistogram.millis(histogram, histogram.highestEquivalentValue(v.getValueIteratedTo()))));
            if (v.getPercentileLevelIteratedTo() >= 100.0) {
                break;
            }
        }
        return steps;
    }

    public static void write(List<Step> steps, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader("percentile", "value_ms").build().print(out)) {
            for (Step s : steps) {
                printer.printRecord(Decimal.trimmed(s.percentile(), 6), Decimal.fixed(s.valueMs(), 3));
            }
        }
    }

    public static List<Step> read(Path file) throws IOException {
        List<Step> steps = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                steps.add(new Step(Double.parseDouble(r.get("percentile")), Double.parseDouble(r.get("value_ms"))));
            }
        }
        return steps;
    }
}
