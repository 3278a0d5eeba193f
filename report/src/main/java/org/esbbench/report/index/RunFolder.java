package org.esbbench.report.index;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatHistograms;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.folder.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run's folder under {@code results/} as written by the run: its {@code run.json} (what was run, where, when)
 * and its {@code points.csv} (one row per repeat of each point). Comparisons, the regression check and the
 * results index all start from here.
 *
 * @param folder  the run folder
 * @param runId   {@code run.json}'s "runId", or the folder's name when run.json is absent or lacks it
 * @param runJson the parsed run.json; a missing node when the folder has none
 * @param rows    every row of points.csv
 * @param figures the catalogue the rows were read with and the points are combined by
 */
public record RunFolder(Path folder, String runId, JsonNode runJson, List<RepeatRow> rows, Figures figures) {
    public static final String RUN_JSON = RunLayout.RUN_JSON;

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunFolder {
        rows = List.copyOf(rows);
    }

    /**
     * Whether {@code dir} holds a finished run: a folder with both run.json and points.csv, and not a round's
     * ({@code round-<id>/}, whose target runs are folders of their own).
     */
    public static boolean isRun(Path dir) {
        return Files.isDirectory(dir) && !RoundFolder.isRoundName(dir) && Files.isRegularFile(dir.resolve(RUN_JSON))
                && Files.isRegularFile(dir.resolve(RunLayout.POINTS));
    }

    /**
     * Reads a run folder. points.csv is required; run.json is optional (a folder copied without it is still
     * comparable, named after the folder).
     *
     * @throws IOException with a message naming the folder and what is wrong when the folder or its points.csv
     *                     is missing or unreadable
     */
    public static RunFolder read(Path folder) throws IOException {
        return read(folder, Figures.standard());
    }

    /** Reads a run folder with the figures of {@code figures}. */
    public static RunFolder read(Path folder, Figures figures) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IOException(folder + ": no such run folder");
        }
        Path points = folder.resolve(RunLayout.POINTS);
        if (!Files.isRegularFile(points)) {
            throw new IOException(folder + ": no " + RunLayout.POINTS
                    + " (not a run folder, or the run's analysis did not finish)");
        }
        JsonNode json = MissingNode.getInstance();
        Path runJson = folder.resolve(RUN_JSON);
        if (Files.isRegularFile(runJson)) {
            try {
                json = JSON.readTree(runJson.toFile());
            } catch (JacksonException e) {
                throw new IOException(runJson + ": not valid JSON: " + e.getOriginalMessage(), e);
            }
        }
        String runId = json.path("runId").asText("");
        if (runId.isBlank()) {
            runId = folder.toAbsolutePath().normalize().getFileName().toString();
        }
        return new RunFolder(folder, runId, json, PointsCsv.read(points, figures), figures);
    }

    /**
     * The points of the run, each over its repeats, in point order; the percentiles from the repeats' merged
     * histograms when the folder keeps them ({@code histograms/}), else the median over the repeats.
     */
    public List<PointSummary> points() {
        return PointSummary.summarise(rows, figures, RepeatHistograms.in(new RunLayout(folder)));
    }

    /** "passed", "failed" or whatever run.json says; empty when unknown. */
    public String outcome() {
        return runJson.path("outcome").asText("");
    }

    /** When the run's load started (or, failing that, was checked or analysed), if run.json says. */
    public Optional<Instant> startedAt() {
        JsonNode times = runJson.path("times");
        for (String key : List.of("startedAt", "checkedAt", "analyzedAt")) {
            String value = times.path(key).asText("");
            if (!value.isBlank()) {
                try {
                    return Optional.of(Instant.parse(value));
                } catch (DateTimeParseException e) {
                    // try the next time: a hand-edited run.json should not hide the run
                }
            }
        }
        return Optional.empty();
    }

    /** The target profile's name, empty when unknown. */
    public String target() {
        return runJson.path("parameters").path("target").asText("");
    }

    /** The git commit the run was built from, with " (local changes)" when the checkout had some. */
    public String gitCommit() {
        JsonNode git = runJson.path("git");
        String commit = git.path("commit").asText("");
        return git.path("localChanges").asBoolean(false) ? commit + " (local changes)" : commit;
    }

    /** run.json's "parameters" as display text, each once, in file order ({@link RunParameterList}). */
    public Map<String, String> parameters() {
        return RunParameterList.of(runJson.path("parameters"));
    }
}
