package org.esbbench.report.compare;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.index.RunFolder;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run taking part in a comparison: its label (the run id unless overridden) and its points.
 *
 * @param label  how tables name the run
 * @param runId  run.json's run id (or the folder name)
 * @param target run.json's target profile (the server measured); empty when unknown
 * @param folder the run folder
 * @param points each point's summary over its repeats, in point order
 */
public record ComparedRun(String label, String runId, String target, Path folder, Map<Point, PointSummary> points) {

    public ComparedRun {
        points = Collections.unmodifiableMap(new LinkedHashMap<>(points));
    }

    /**
     * Reads a run folder (points.csv required).
     *
     * @param label the label to show, or {@code null}/blank for the run id
     */
    public static ComparedRun load(Path folder, String label) throws IOException {
        return load(folder, label, Figures.standard());
    }

    /** Reads a run folder with the figures of {@code figures}. */
    public static ComparedRun load(Path folder, String label, Figures figures) throws IOException {
        return of(RunFolder.read(folder, figures), label);
    }

    /** A run already read (the results index has read every run), {@code label} as for {@link #load}. */
    public static ComparedRun of(RunFolder run, String label) {
        Map<Point, PointSummary> points = new LinkedHashMap<>();
        for (PointSummary s : run.points()) {
            points.put(s.point(), s);
        }
        return new ComparedRun(label == null || label.isBlank() ? run.runId() : label, run.runId(), run.target(),
                run.folder(), points);
    }

    /** The point's summary in this run, {@code null} when the run did not measure it. */
    public PointSummary point(Point point) {
        return points.get(point);
    }
}
