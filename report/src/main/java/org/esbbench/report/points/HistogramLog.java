package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.esbbench.report.samples.LatencyHistogram;
import org.esbbench.report.samples.LatencyTiming;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario run's measurement-window histogram in HdrHistogram's own log format ({@code histograms/NAME.hlog}):
 * exact counts per bucket, so the repeats of a point can be merged later and its percentiles read over every
 * sample, and any HdrHistogram tool can read the file.
 *
 * <p>Values are <b>microseconds</b>; the interval's tag says how they were timed ({@link LatencyTiming#code()}:
 * {@code Tag=us}, {@code Tag=ms} for whole milliseconds × 1000, {@code Tag=mixed}), and the comment at the top says
 * the unit to a reader. A log without a tag was written before the analysis kept microseconds: its values are
 * whole milliseconds, and {@link #read} turns them into microseconds timed in whole milliseconds.
 */
public final class HistogramLog {
    /** The first line's comment: what the values are. */
    static final String COMMENT = comment("response times");

    /** The first line's comment of a log of {@code what} ("response times", "service times from each send"). */
    private static String comment(String what) {
        return "measurement window, " + what + " in microseconds (us), Interval_Max in ms; Tag: how they were timed:"
                + " us = microseconds, ms = JMeter's whole milliseconds x 1000, mixed = some each";
    }
    /** HdrHistogram's log divides an interval's maximum by this: microseconds to milliseconds. */
    private static final double MAX_IN_MILLIS = 1000.0;

    private HistogramLog() {
    }

    /** Writes a histogram of response times in microseconds tagged with its timing ({@link LatencyHistogram}). */
    public static void write(AbstractHistogram micros, Path file) throws IOException {
        write(micros, file, COMMENT);
    }

    /**
     * Writes an open-model window's service times (from each send; its response times are from the arrivals' due
     * time), in microseconds tagged with their timing.
     */
    public static void writeServiceTimes(AbstractHistogram micros, Path file) throws IOException {
        write(micros, file, comment("service times from each send"));
    }

    private static void write(AbstractHistogram micros, Path file, String comment) throws IOException {
        if (LatencyHistogram.timing(micros).isEmpty()) {
            // An untagged log would read back as whole milliseconds.
            throw new IllegalArgumentException(file + ": the histogram has no timing tag (" + micros.getTag() + ")");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment(comment);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(micros.getStartTimeStamp() / 1000.0, micros.getEndTimeStamp() / 1000.0, micros,
                    MAX_IN_MILLIS);
            out.flush();
            if (out.checkError()) {
                throw new IOException(file + ": could not write the histogram");
            }
        }
    }

    /**
     * Every interval of the file added into one histogram of microseconds, tagged with their timing; a log of the
     * old form (no tag: whole milliseconds) comes back in microseconds, timed in whole milliseconds.
     */
    public static Histogram read(Path file) throws IOException {
        List<AbstractHistogram> intervals = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof AbstractHistogram h) {
                    intervals.add(h.getTag() == null ? LatencyHistogram.fromMillis(h) : checked(h, file));
                }
            }
            reader.close();
        } catch (RuntimeException e) {
            throw new IOException(file + ": not an HdrHistogram log: " + e.getMessage(), e);
        }
        return LatencyHistogram.merged(intervals);
    }

    private static AbstractHistogram checked(AbstractHistogram h, Path file) throws IOException {
        if (LatencyHistogram.timing(h).isEmpty()) {
            throw new IOException(file + ": unknown tag '" + h.getTag() + "' (us, ms or mixed expected)");
        }
        return h;
    }
}
