package org.esbbench.report.points;

import org.HdrHistogram.AbstractHistogram;
import org.esbbench.report.folder.RunLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Where the measurement-window histogram of each repeat comes from, when combining repeats into a point. */
@FunctionalInterface
public interface RepeatHistograms {
    /** No histograms (points.csv alone): histogram figures fall back to the median over the repeats. */
    RepeatHistograms NONE = (point, repeat) -> Optional.empty();

    /** The repeat's histogram, empty when it is not known. */
    Optional<AbstractHistogram> of(Point point, int repeat);

    /** The histograms a run folder keeps in {@code histograms/NAME.hlog}; old run folders have none. */
    static RepeatHistograms in(RunLayout layout) {
        return (point, repeat) -> {
            Path file = layout.histogram(RunLayout.scenarioRunName(point, repeat));
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            try {
                return Optional.of(HistogramLog.read(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** Histograms held in memory, by scenario run name ({@link RunLayout#scenarioRunName}). */
    static RepeatHistograms of(Map<String, ? extends AbstractHistogram> byScenarioRun) {
        return (point, repeat) -> Optional.ofNullable(byScenarioRun.get(RunLayout.scenarioRunName(point, repeat)));
    }
}
