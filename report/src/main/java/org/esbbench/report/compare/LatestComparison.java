package org.esbbench.report.compare;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code results/compare-latest/}: the comparison of the latest run of each target (server), written with the
 * results index whenever the results hold runs of two or more targets, so the index can show the servers side by
 * side. Per target, of its runs that passed, the newest of those that measured the most scenarios (likewise of
 * all its runs when none passed), so that a later one-scenario check does not hide a round. The reference server
 * comes first, the baseline of the ratios, when it is there; the other targets in name order; each is labelled
 * by its name.
 */
public final class LatestComparison {
    /** The folder under the results folder. */
    public static final String FOLDER = "compare-latest";
    /** The page the results index links to, relative to the results folder. */
    public static final String PAGE = FOLDER + "/" + ComparisonOutput.HTML_FILE;
    /** The runs and figures the folder's comparison was drawn from, so an unchanged one is not drawn again. */
    static final String KEY_FILE = "compared-runs.txt";

    /** The bundled reference server's target: the baseline when it is among the targets. */
    static final String REFERENCE_TARGET = "reference";

    private LatestComparison() {
    }

    /**
     * The run compared for each target, in target name order; runs without a target are left out.
     *
     * @param newestFirst the runs of the results folder, newest first (as the results index lists them)
     */
    public static List<RunFolder> runs(List<RunFolder> newestFirst) {
        Map<String, RunFolder> latest = new TreeMap<>();
        for (RunFolder run : newestFirst) {
            if (run.target().isBlank() || run.rows().isEmpty()) {
                continue;
            }
            RunFolder chosen = latest.get(run.target());
            // Newest first: the first run seen is the newest; an older one replaces it only by having passed
            // where the newer did not, or, passed too, by having measured more scenarios (a round, not the one
            // scenario a later check ran).
            if (chosen == null || (!passed(chosen) && passed(run))
                    || (passed(chosen) == passed(run) && scenarios(run) > scenarios(chosen))) {
                latest.put(run.target(), run);
            }
        }
        // The bundled reference server, when measured, is what the others are set against (the baseline).
        List<RunFolder> runs = new ArrayList<>(latest.values());
        runs.sort(java.util.Comparator.comparing(r -> !REFERENCE_TARGET.equals(r.target())));
        return runs;
    }

    /**
     * Writes {@code results/compare-latest/} (comparison.html, comparison.md, comparison.csv, charts/) when the runs
     * have two or more targets, replacing what an earlier index wrote there; with fewer, removes those files.
     *
     * @return the page written, empty when there was nothing to compare
     */
    public static Optional<Path> write(Path results, List<RunFolder> newestFirst, Figures figures) throws IOException {
        Path dir = results.resolve(FOLDER);
        List<RunFolder> runs = runs(newestFirst);
        String key = runs.size() < 2 ? "" : key(runs, figures);
        Path page = dir.resolve(ComparisonOutput.HTML_FILE);
        // The index is written after every run: the charts are drawn again only when what they compare changed.
        if (!key.isEmpty() && Files.isRegularFile(page) && key.equals(readKey(dir))) {
            return Optional.of(page);
        }
        clear(dir);
        if (runs.size() < 2) {
            return Optional.empty();
        }
        List<ComparedRun> compared = new ArrayList<>();
        for (RunFolder run : runs) {
            compared.add(ComparedRun.of(run, run.target()));
        }
        ComparisonOutput.write(compared, dir, figures);
        Files.writeString(dir.resolve(KEY_FILE), key);
        return Optional.of(page);
    }

    /**
     * What the comparison was drawn from: each run compared with its points file's size and time (a run analysed
     * again changes them) and the figures compared.
     */
    private static String key(List<RunFolder> runs, Figures figures) throws IOException {
        StringBuilder key = new StringBuilder();
        for (RunFolder run : runs) {
            Path points = run.folder().resolve(RunLayout.POINTS);
            key.append(run.target()).append(' ').append(run.runId()).append(' ').append(Files.size(points)).append(' ')
                    .append(Files.getLastModifiedTime(points).toMillis()).append('\n');
        }
        figures.all().forEach(f -> key.append(f.id()).append(' '));
        return key.append('\n').toString();
    }

    private static String readKey(Path dir) throws IOException {
        Path file = dir.resolve(KEY_FILE);
        return Files.isRegularFile(file) ? Files.readString(file) : "";
    }

    private static long scenarios(RunFolder run) {
        return run.rows().stream().map(r -> r.point().scenario()).distinct().count();
    }

    private static boolean passed(RunFolder run) {
        return "passed".equalsIgnoreCase(run.outcome());
    }

    /** Removes the files an earlier comparison wrote (and only those), so no chart of a former target stays. */
    private static void clear(Path dir) throws IOException {
        Path charts = dir.resolve(RunLayout.CHARTS);
        if (Files.isDirectory(charts)) {
            try (Stream<Path> files = Files.list(charts)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".png") || f.toString().endsWith(".svg"))
                        .toList()) {
                    Files.delete(f);
                }
            }
            try (Stream<Path> left = Files.list(charts)) {
                if (left.findAny().isEmpty()) {
                    Files.delete(charts);
                }
            }
        }
        for (String name : List.of(ComparisonOutput.HTML_FILE, ComparisonReport.MARKDOWN_FILE,
                ComparisonReport.CSV_FILE, KEY_FILE)) {
            Files.deleteIfExists(dir.resolve(name));
        }
        if (Files.isDirectory(dir)) {
            try (Stream<Path> left = Files.list(dir)) {
                if (left.findAny().isEmpty()) {
                    Files.delete(dir);
                }
            }
        }
    }
}
