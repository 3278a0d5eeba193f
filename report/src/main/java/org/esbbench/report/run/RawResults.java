package org.esbbench.report.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.ResultsCompression;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;

/**
 * What becomes of one scenario run's raw results ({@code jtl/NAME.csv}) by {@code -DkeepResults}: the run goal
 * compresses them as soon as the scenario run's JMeter ended ({@link #afterScenarioRun}, {@link #partial}), the analysis applies the
 * choice once it has made everything it makes of them ({@link #afterAnalysis}): compressed (also what the run goal
 * could not compress, e.g. a build stopped before), dropped (a note {@code jtl/NAME.dropped} says so, for a later
 * analysis), or left plain.
 */
public final class RawResults {
    private final RunLayout layout;
    private final KeepResults keep;
    private final Consumer<String> log;

    public RawResults(RunLayout layout, KeepResults keep, Consumer<String> log) {
        this.layout = layout;
        this.keep = keep;
        this.log = log;
    }

    /** The run parameter's name, as check records it in the run parameters file. */
    public static final String PARAMETER = KeepResults.PARAMETER;

    /**
     * The choice for an analysis of {@code layout}: {@code given} (-DkeepResults, --keep-results) when set, else what
     * check recorded in the run parameters file, else the default (a plan written before the parameter existed).
     *
     * @throws IllegalArgumentException for a value that is not a choice ({@link KeepResults#parse})
     */
    public static KeepResults choice(String given, RunLayout layout) throws IOException {
        if (given != null && !given.isBlank()) {
            return KeepResults.parse(given);
        }
        return KeepResults.parse(RunParametersFile.read(layout.runParametersFile()).parameters().get(PARAMETER));
    }

    public KeepResults keep() {
        return keep;
    }

    /**
     * The run goal's part, right after a scenario run's JMeter ended and before the next starts, so that at most one
     * scenario run's results are ever plain on disk: compresses its results file, unless {@code plain} was asked. A
     * failure to compress is a warning: the plain file stays, and the analysis tries again.
     */
    public void afterScenarioRun(String name) {
        if (keep != KeepResults.PLAIN) {
            compress(name, layout.jtl(name));
        }
    }

    /**
     * The samples of a distributed scenario run stopped because an engine was lost ({@code NAME.csv.partial}, never
     * analysed): compressed like the results unless {@code plain} was asked.
     *
     * @return where they are now: the {@code .gz}, or {@code partial} when left plain
     */
    public Path partial(String name, Path partial) {
        if (keep == KeepResults.PLAIN || !compress(name, partial)) {
            return partial;
        }
        return ResultsCompression.compressedOf(partial);
    }

    /**
     * The analysis's part, once the scenario run's histogram, figures, charts and dashboard are made:
     * {@code compressed} compresses plain results still there, {@code none} deletes the results (either form) and
     * leaves the note, {@code plain} does nothing. Results the analysis could not read ({@code analysed} false) are
     * never dropped, only compressed: they are what is left to find out why.
     */
    public void afterAnalysis(String name, boolean analysed) {
        switch (keep) {
            case PLAIN -> { }
            case COMPRESSED -> compress(name, layout.jtl(name));
            case NONE -> {
                if (analysed) {
                    drop(name);
                } else {
                    compress(name, layout.jtl(name));
                }
            }
        }
    }

    /**
     * Refuses to analyse again a run whose results were dropped: the analysis would replace its summary by one of
     * failures.
     *
     * @throws IOException naming the first such scenario run and what to read instead
     */
    public static void requireNoneDropped(RunLayout layout, List<String> names) throws IOException {
        for (String name : names) {
            if (dropped(layout, name)) {
                throw new IOException("run " + layout.runId() + " cannot be analysed again: " + name + ": "
                        + droppedMessage(layout, name));
            }
        }
    }

    /** The summary's sentence for {@code -DkeepResults=none}; empty for the other choices. */
    public java.util.Optional<String> summaryNote() {
        return keep == KeepResults.NONE
                ? java.util.Optional.of("The raw results (" + RunLayout.JTL + "/) were dropped after this analysis (-DkeepResults=none):"
                        + " the run cannot be analysed again.")
                : java.util.Optional.empty();
    }

    /** Whether the analysis dropped the scenario run's results ({@code -DkeepResults=none}). */
    public static boolean dropped(RunLayout layout, String name) {
        return Files.isRegularFile(layout.droppedResults(name)) && !Files.exists(layout.results(name));
    }

    /** What a later analysis says of a scenario run whose results were dropped. */
    public static String droppedMessage(RunLayout layout, String name) {
        return "its raw results were dropped after the run's first analysis (-DkeepResults=" + KeepResults.NONE.id()
                + ", " + layout.relative(layout.droppedResults(name)) + "): its figures cannot be computed again;"
                + " the first analysis's " + RunLayout.SUMMARY_MD + ", " + RunLayout.POINTS + " and " + RunLayout.HISTOGRAMS
                + "/ hold them (keep results with"
                + " -DkeepResults=compressed, the default, to analyse a run again)";
    }

    /** Whether {@code plain} is compressed now. */
    private boolean compress(String name, Path plain) {
        if (!Files.isRegularFile(plain)) {
            return false;
        }
        try {
            long before = Files.size(plain);
            long started = System.nanoTime();
            Path gz = ResultsCompression.compress(plain);
            long after = Files.size(gz);
            double seconds = (System.nanoTime() - started) / 1e9;
            log.accept(name + ": results compressed to " + layout.relative(gz) + String.format(java.util.Locale.ROOT,
                    " (%.2f MB to %.2f MB in %.2f s)", before / 1e6, after / 1e6, seconds));
            return true;
        } catch (IOException e) {
            log.accept("WARNING: " + name + ": could not compress " + layout.relative(plain) + " (" + e.getMessage()
                    + "); it stays plain");
            return false;
        }
    }

    private void drop(String name) {
        try {
            long bytes = 0;
            for (Path file : List.of(layout.jtl(name), layout.compressedJtl(name))) {
                if (Files.isRegularFile(file)) {
                    bytes += Files.size(file);
                }
            }
            Files.writeString(layout.droppedResults(name), "raw results (" + bytes + " bytes) dropped after the"
                    + " analysis at " + Instant.now() + " (-DkeepResults=" + KeepResults.NONE.id() + ")\n");
            Files.deleteIfExists(layout.jtl(name));
            Files.deleteIfExists(layout.compressedJtl(name));
        } catch (IOException e) {
            log.accept("WARNING: " + name + ": could not drop its raw results (" + e.getMessage() + ")");
        }
    }
}
