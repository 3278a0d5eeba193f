package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A scenario run's measurement-window histogram (response times in ms) in HdrHistogram's own log format
 * ({@code histograms/NAME.hlog}): exact counts per bucket, so the repeats of a point can be merged later and its
 * percentiles read over every sample, and any HdrHistogram tool can read the file.
 */
public final class HistogramLog {
    private HistogramLog() {
    }

    public static void write(AbstractHistogram histogram, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("measurement window, response times in ms");
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(histogram);
            out.flush();
            if (out.checkError()) {
                throw new IOException(file + ": could not write the histogram");
            }
        }
    }

    /** Every interval of the file added into one histogram. */
    public static Histogram read(Path file) throws IOException {
        Histogram all = new Histogram(3);
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof AbstractHistogram h) {
                    all.add(h);
                }
            }
            reader.close();
        } catch (RuntimeException e) {
            throw new IOException(file + ": not an HdrHistogram log: " + e.getMessage(), e);
        }
        return all;
    }
}
