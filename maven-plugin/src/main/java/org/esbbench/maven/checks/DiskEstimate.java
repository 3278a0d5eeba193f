package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.esbbench.report.points.Point;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.run.RawResults;

/**
 * The disk a run will need under the results folder, known before any load, and check's refusal when it cannot
 * fit ({@code -DkeepResults}, issue 17).
 *
 * <p>Each scenario run's results file holds one row per sample; its samples are estimated as the memory check
 * estimates them ({@link MemoryEstimate#samplesPerSecond}: the rate, or users over max(delay, 0.2 ms), capped at
 * 40,000/s) over its whole load (warm-up, measurement and tail). That estimate errs high (the issue's default run
 * of 10 users made 8,473 samples/s where it assumes 40,000), so the need is an upper bound.
 *
 * <p>Bytes per row, measured on 2026-11-24 from real results under results/*&#47;jtl (JMeter 5.6.3's columns as
 * the suite saves them: timeStamp ... Connect, with the URL): plain 129 B (rest), 142 B (direct), 168 B
 * (cbr-transport-header, the longest URL); gzip at the fastest level 4.5 to 5.2 B (300,000-row files), the issue's
 * 10-million-row file 131 B plain and 5.2 B compressed. Taken as {@value #PLAIN_BYTES_PER_ROW} and
 * {@value #COMPRESSED_BYTES_PER_ROW} B. A JMeter dashboard measured 3.0 MB (mostly its fixed scripts and styles,
 * its graphs at one point a minute), taken as 4 MB; the other files of a scenario run (charts, histogram,
 * latency distribution, JMeter's log) 0.6 MB, taken as 2 MB; the run's own files (GC logs, cpu.csv, server logs)
 * 20 MB.
 *
 * <p>Need, at the run's fullest: the largest results file plain (JMeter writes it plain; the run goal compresses it
 * when its JMeter ended; a dashboard of a compressed file needs the same plain copy for a while, never both at
 * once), plus the compressed files of all scenario runs (with {@code none} too: the analysis drops them only at the
 * end; with {@code plain}: every file plain), plus the dashboards and other files.
 */
public final class DiskEstimate {
    static final long PLAIN_BYTES_PER_ROW = 170;
    static final long COMPRESSED_BYTES_PER_ROW = 6;
    static final long DASHBOARD_BYTES = 4L << 20;
    static final long OTHER_BYTES_PER_SCENARIO_RUN = 2L << 20;
    static final long RUN_FILES_BYTES = 20L << 20;

    /** Where free space is read from: the file store's usable space (a test gives a small one). */
    @FunctionalInterface
    public interface FreeSpace {
        long usableBytes(Path dir) throws IOException;

        /** The usable space of the file store of {@code dir}, or of its nearest existing parent. */
        FreeSpace FILE_STORE = dir -> {
            Path p = dir.toAbsolutePath().normalize();
            while (p != null && !Files.exists(p)) {
                p = p.getParent();
            }
            if (p == null) {
                throw new IOException("no existing folder on the path of " + dir);
            }
            return Files.getFileStore(p).getUsableSpace();
        };
    }

    /** The estimate: the largest plain results file, all results as kept, dashboards and other files, bytes. */
    public record Need(long largestPlain, long resultsKept, long dashboards, long other, KeepResults keep) {
        /** At the run's fullest: see the class comment. */
        long total() {
            return (keep == KeepResults.PLAIN ? resultsKept : largestPlain + resultsKept) + dashboards + other;
        }

        /**
         * This run's need and another's, one after the other under the same results folder (a round's target runs):
         * everything kept adds up, only one results file is plain at a time.
         */
        public Need plus(Need next) {
            return new Need(Math.max(largestPlain, next.largestPlain), resultsKept + next.resultsKept,
                    dashboards + next.dashboards, other + next.other, keep);
        }
    }

    private DiskEstimate() {
    }

    /**
     * @param scenarioRuns the point of each scenario run still to measure (a point once per repeat)
     * @param loadSeconds  how long each sends load: warm-up, measurement and tail
     * @param dashboards   whether the analysis makes JMeter's dashboards
     */
    public static Need of(List<Point> scenarioRuns, long loadSeconds, boolean dashboards, KeepResults keep) {
        long largest = 0;
        long kept = 0;
        for (Point p : scenarioRuns) {
            long rows = MemoryEstimate.samplesPerSecond(p) * loadSeconds;
            largest = Math.max(largest, rows * PLAIN_BYTES_PER_ROW);
            kept += rows * (keep == KeepResults.PLAIN ? PLAIN_BYTES_PER_ROW : COMPRESSED_BYTES_PER_ROW);
        }
        long n = scenarioRuns.size();
        return new Need(largest, kept, dashboards ? n * DASHBOARD_BYTES : 0,
                n == 0 ? 0 : RUN_FILES_BYTES + n * OTHER_BYTES_PER_SCENARIO_RUN, keep);
    }

    /** {@code -DkeepResults} as check validates it, from the run's parameters (blank: the default). */
    public static KeepResults keepResults(Map<String, String> parameters) throws InvalidRunException {
        try {
            return KeepResults.parse(parameters.get(RawResults.PARAMETER));
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
    }

    /**
     * Check's line, and its refusal when the need is more than the free space under {@code results}.
     *
     * @return "disk: about 3.1 GB needed under DIR (largest results file about 2.0 GB plain, 70 MB compressed in
     * all, keepResults=compressed); 78.2 GB free"
     * @throws InvalidRunException when it cannot fit, saying how much is free and what to do
     */
    public static String check(Need need, Path results, FreeSpace freeSpace) throws InvalidRunException {
        long free;
        try {
            free = freeSpace.usableBytes(results);
        } catch (IOException e) {
            return "disk: about " + size(need.total()) + " needed under " + results + " (" + details(need)
                    + "); free space unknown (" + e.getMessage() + ")";
        }
        String line = "disk: about " + size(need.total()) + " needed under " + results + " (" + details(need) + "); "
                + size(free) + " free";
        if (need.total() > free) {
            throw new InvalidRunException(line.substring("disk: ".length()) + ": not enough disk for the run (the"
                    + " need is an upper estimate, from at most " + MemoryEstimate.CEILING_SAMPLES_PER_SECOND
                    + " samples/s). Free space under " + results + ", or make the run smaller: shorter windows"
                    + " (-Dmeasurement, -Dwarmup), fewer points or -Drepeats"
                    + (need.keep() == KeepResults.PLAIN ? ", keep the results compressed (-DkeepResults=compressed,"
                            + " the default: about " + PLAIN_BYTES_PER_ROW / COMPRESSED_BYTES_PER_ROW + " times smaller)" : "")
                    + (need.dashboards() > 0 ? ", no dashboards (-Ddashboards=false, " + size(need.dashboards()) + ")" : "")
                    + ". (-DkeepResults=none does not lower the need: it drops the results only once the run is"
                    + " analysed, at its end.)");
        }
        return line;
    }

    private static String details(Need need) {
        String kept = switch (need.keep()) {
            case PLAIN -> size(need.resultsKept()) + " plain in all";
            case COMPRESSED -> size(need.resultsKept()) + " compressed in all";
            case NONE -> size(need.resultsKept()) + " compressed in all until the analysis drops them";
        };
        return "largest results file about " + size(need.largestPlain()) + " plain, " + kept + ", keepResults="
                + need.keep().id();
    }

    /** "3.1 GB" from 1 GB on, else "70 MB" (decimal units, as disk sizes are sold and df -H prints them). */
    static String size(long bytes) {
        return bytes >= 1_000_000_000L ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
                : Math.round(bytes / 1e6) + " MB";
    }
}
