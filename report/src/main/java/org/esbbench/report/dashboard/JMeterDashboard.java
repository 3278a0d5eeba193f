package org.esbbench.report.dashboard;

import org.esbbench.report.folder.ResultsCompression;
import org.esbbench.report.samples.Window;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * JMeter's own HTML dashboard of a time range of a results file, made by JMeter's report generator ({@code -g})
 * in a child JVM, so what the dashboard shows is exactly what JMeter computes.
 *
 * <p><b>Range.</b> The report generator keeps the samples whose <em>start</em> lies in
 * {@code [start_date, end_date]}, both inclusive, at whole-second precision, the dates read in the JVM's time zone.
 * The child runs with {@code user.timezone=UTC} and the bounds are formatted in UTC, so for bounds on whole seconds
 * it counts exactly the samples {@link Window} puts in the measurement window.
 *
 * <p><b>Percentiles.</b> By default JMeter computes percentiles over a sliding window of the last 20 000 samples
 * of the range ({@code jmeter.reportgenerator.statistic_window}), which for a real run means the last seconds of
 * it. This class asks for every sample instead ({@link #ALL_SAMPLES}), so the dashboard's 90/95/99th percentiles
 * are those of the whole window and agree with the suite's summary (within the histogram's precision). JMeter keeps
 * every response time in memory for that, 8 bytes per sample for each label, the total and the
 * percentile graphs, hence the heap setting; {@link #withStatisticWindow} restores JMeter's default when memory
 * matters more than agreement.
 *
 * <p><b>Output.</b> JMeter refuses an output folder that is not empty, so the dashboard is made in a sibling
 * {@code <out>.partial} folder and moved into place once complete; an existing dashboard at {@code out} is then
 * replaced. A folder that does not look like a dashboard (no {@code index.html}) is never deleted. The report
 * generator's output and log are kept as {@code generator.log} inside the dashboard, or beside it as
 * {@code <out>.log} when it failed.
 *
 * <p><b>Compressed results.</b> A {@code .csv.gz} is decompressed to a temporary plain file beside it, which is
 * deleted once the generator ended, whether it succeeded or not.
 *
 * <p>A range without samples makes JMeter 5.6.3's generator fail (a NullPointerException in its JSON exporter):
 * callers skip the dashboard of an empty window rather than ask for it.
 */
public final class JMeterDashboard {
    /** {@code statistic_window} value for "percentiles over every sample of the range". */
    public static final int ALL_SAMPLES = -1;
    /** JMeter's default {@code statistic_window}: percentiles over the last 20 000 samples only. */
    public static final int JMETER_DEFAULT_WINDOW = 20_000;
    /**
     * The report generator's heap besides its samples, MB: measured about 70 MB (the intercept of the smallest
     * heaps below), given room for JMeter's own start-up and the dashboard's templates.
     */
    public static final long FIXED_HEAP_MB = 256;
    /**
     * The report generator's heap per sample of the results file, bytes, with every sample in the percentiles.
     * Measured by {@code report/bench/heap-per-sample.sh} on 2026-11-23 (JMeter 5.6.3, OpenJDK 17, the 2-core VM):
     * the smallest -Xmx that completes was 215, 356 and 653 MB for 1, 2 and 4 million samples, 153 B a sample
     * between 1 and 4 million (docs/benchmarks.md); 200 B leaves about 30 % so the generator does not spend its
     * time collecting garbage. (The earlier 256 B came from resident memory, 620 MB for 1.4 million samples.)
     */
    public static final long BYTES_PER_SAMPLE = 200;
    /** Name of the report generator's log inside a finished dashboard. */
    public static final String LOG_NAME = "generator.log";

    private static final DateTimeFormatter JMETER_DATE = DateTimeFormatter.ofPattern("yyyyMMddHHmmss")
        .withZone(ZoneOffset.UTC);

    private final JMeterInstallation jmeter;
    private final String heap;
    private final Duration timeout;
    private final int statisticWindow;

    /** Defaults: heap 1g, time-out 15 minutes, percentiles over all samples. */
    public JMeterDashboard(JMeterInstallation jmeter) {
        this(jmeter, "1g", Duration.ofMinutes(15), ALL_SAMPLES);
    }

    private JMeterDashboard(JMeterInstallation jmeter, String heap, Duration timeout, int statisticWindow) {
        this.jmeter = Objects.requireNonNull(jmeter, "jmeter");
        if (!heap.matches("\\d+[kKmMgG]?")) {
            throw new IllegalArgumentException("heap must be a JVM size like 512m or 2g, was '" + heap + "'");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("time-out must be positive, was " + timeout);
        }
        if (statisticWindow == 0 || statisticWindow < ALL_SAMPLES) {
            throw new IllegalArgumentException("statistic window must be -1 (all samples) or a positive count, was "
                + statisticWindow);
        }
        this.heap = heap;
        this.timeout = timeout;
        this.statisticWindow = statisticWindow;
    }

    /**
     * A heap that holds the report generator's work for a range of {@code samples} samples with every sample kept
     * for the percentiles: {@link #FIXED_HEAP_MB} plus {@link #BYTES_PER_SAMPLE} a sample (measured, see there).
     */
    public static String heapFor(long samples) {
        return heapMbFor(samples) + "m";
    }

    /** {@link #heapFor} in MB: what the analysis gives the report generator and what check compares with memory. */
    public static long heapMbFor(long samples) {
        return FIXED_HEAP_MB + Math.max(0, samples) * BYTES_PER_SAMPLE / (1024 * 1024);
    }

    /** The report generator's maximum heap ({@code -Xmx}), e.g. {@code 2g}. */
    public JMeterDashboard withHeap(String heap) {
        return new JMeterDashboard(jmeter, heap, timeout, statisticWindow);
    }

    /** How long the report generator may run before it is stopped and the generation fails. */
    public JMeterDashboard withTimeout(Duration timeout) {
        return new JMeterDashboard(jmeter, heap, timeout, statisticWindow);
    }

    /** Samples the percentiles are computed over: {@link #ALL_SAMPLES} or a count (JMeter's default 20 000). */
    public JMeterDashboard withStatisticWindow(int samples) {
        return new JMeterDashboard(jmeter, heap, timeout, samples);
    }

    /** The dashboard of the measurement window of {@code window}; see {@link #generate(Path, long, long, String, Path)}. */
    public Path generate(Path jtl, Window window, String title, Path outDir) throws IOException, InterruptedException {
        return generate(jtl, window.measurementStartMillis(), window.measurementEndMillis(), title, outDir);
    }

    /**
     * Generates the dashboard of the samples of {@code jtl} that started in {@code [startMillis, endMillis]}.
     *
     * @param startMillis first included start, epoch ms, on a whole second
     * @param endMillis   last included start, epoch ms, on a whole second
     * @param title       the dashboard's title, e.g. scenario, point and window
     * @return the dashboard's {@code index.html}
     * @throws IOException if JMeter fails or times out (the message ends with its log's tail), or the output folder
     *                     is taken by something that is not a dashboard
     */
    public Path generate(Path jtl, long startMillis, long endMillis, String title, Path outDir)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(jtl)) {
            throw new IOException(jtl + " is not a results file");
        }
        if (ResultsCompression.isCompressed(jtl)) {
            // JMeter's report generator reads plain CSV only: a plain copy beside the .gz (same disk, where check
            // counted room for it), deleted however the generation ends.
            Path plain = jtl.resolveSibling(jtl.getFileName().toString().replaceFirst("(\\.csv)?\\.gz$", "") + ".dashboard-tmp.csv");
            try {
                ResultsCompression.decompress(jtl, plain);
                return generate(plain, startMillis, endMillis, title, outDir);
            } finally {
                Files.deleteIfExists(plain);
            }
        }
        Path out = outDir.toAbsolutePath().normalize();
        String name = out.getFileName().toString();
        Path staging = out.resolveSibling(name + ".partial");
        Path work = out.resolveSibling(name + ".work");
        Path log = out.resolveSibling(name + ".log");
        refuseForeignFolder(out);
        Files.createDirectories(out.getParent());
        deleteRecursively(staging);
        deleteRecursively(work);
        Files.deleteIfExists(log);
        Files.createDirectories(work);
        try {
            List<String> command = command(jtl.toAbsolutePath(), startMillis, endMillis, title, staging, log, work);
            Files.writeString(log, String.join(" ", command) + System.lineSeparator());
            int exit = LoggedProcess.run(command, work, log, timeout);
            if (exit != 0 || !Files.isRegularFile(staging.resolve("index.html"))) {
                throw new IOException("JMeter's report generator failed (exit " + exit + ") on " + jtl + " for "
                    + range(startMillis, endMillis) + "; the end of its log " + log + ":\n" + LoggedProcess.tail(log, 30));
            }
            deleteRecursively(out);
            Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
            Files.move(log, out.resolve(LOG_NAME), StandardCopyOption.REPLACE_EXISTING);
            return out.resolve("index.html");
        } finally {
            deleteRecursively(work);
            deleteRecursively(staging);
        }
    }

    /** The report generator's command line (package-private: tests check it without running JMeter). */
    List<String> command(Path jtl, long startMillis, long endMillis, String title, Path outDir, Path log, Path work) {
        requireWholeSecond("start", startMillis);
        requireWholeSecond("end", endMillis);
        if (endMillis < startMillis) {
            throw new IllegalArgumentException("range ends before it starts: " + range(startMillis, endMillis));
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        // The report generator parses start_date/end_date in the default time zone: make it the bounds' zone.
        command.add("-Duser.timezone=UTC");
        command.add("-Djava.awt.headless=true");
        command.add("-jar");
        command.add(jmeter.launcherJar().toString());
        command.add("-g");
        command.add(jtl.toString());
        command.add("-o");
        command.add(outDir.toString());
        command.add("-j");
        command.add(log.toString());
        command.add("-Jjmeter.reportgenerator.start_date=" + JMETER_DATE.format(Instant.ofEpochMilli(startMillis)));
        command.add("-Jjmeter.reportgenerator.end_date=" + JMETER_DATE.format(Instant.ofEpochMilli(endMillis)));
        command.add("-Jjmeter.reportgenerator.statistic_window=" + statisticWindow);
        command.add("-Jjmeter.reportgenerator.report_title=" + title);
        // The suite's JTLs carry start timestamps; say so whatever the JMeter home's properties say.
        command.add("-Jsampleresult.timestamp.start=true");
        command.add("-Jjmeter.save.saveservice.timestamp_format=ms");
        // Keeps the generator's scratch files in this run's own folder, not in the working directory of the caller.
        command.add("-Jjmeter.reportgenerator.temp_dir=" + work.resolve("temp"));
        return command;
    }

    private static void requireWholeSecond(String what, long millis) {
        if (millis % 1000 != 0) {
            throw new IllegalArgumentException("JMeter's report generator takes whole seconds; the " + what + " "
                + Instant.ofEpochMilli(millis) + " is not one");
        }
    }

    private static String range(long startMillis, long endMillis) {
        return "[" + Instant.ofEpochMilli(startMillis) + ", " + Instant.ofEpochMilli(endMillis) + "]";
    }

    private static void refuseForeignFolder(Path out) throws IOException {
        if (Files.isDirectory(out) && !Files.isRegularFile(out.resolve("index.html"))) {
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new DirectoryNotEmptyException(out + " (holds files but no dashboard index.html: not"
                        + " replacing it with a dashboard)");
                }
            }
        } else if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IOException(out + " exists and is not a folder");
        }
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(path)) {
            tree.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
