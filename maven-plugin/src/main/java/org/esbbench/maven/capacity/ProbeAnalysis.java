package org.esbbench.maven.capacity;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.RunAnalysis;
import org.esbbench.report.run.ScenarioRunAnalyser;
import org.esbbench.report.usage.RunFigures;
import org.esbbench.report.usage.SaturationCheck;

/**
 * One probe's figures as soon as its JMeter has ended, computed as the run's analysis computes a point's (the same
 * analyser, the same CPU files), so that a probe is judged on exactly the figures a point at that rate would report.
 */
final class ProbeAnalysis {
    private final RunLayout layout;
    private final AnalysisOptions options;
    private final ScenarioRunAnalyser analyser;
    private final List<String> unchecked;

    ProbeAnalysis(RunLayout layout, RunParametersFile plan, AnalysisOptions options, Consumer<String> log)
            throws IOException {
        this.layout = layout;
        this.options = options;
        this.analyser = RunAnalysis.analyser(layout, options, plan, RunAnalysis.tolerance(layout, plan), log);
        this.unchecked = plan.uncheckedPlans();
    }

    /** The figures of the scenario run {@code name} at {@code point}; empty when its results cannot be read. */
    Optional<RepeatRow> analyse(Point point, String name, long warmupMillis, long measurementMillis) throws IOException {
        RunFigures usage = RunFigures.read(layout.dir(), options.cores(),
                new SaturationCheck(options.saturationThresholdPercent()));
        boolean checked = !unchecked.contains(point.scenario());
        return analyser.analyse(point, 1, name, layout.results(name), warmupMillis, measurementMillis,
                (samples, from, to) -> usage.usage(samples, from, to, checked, point.serverCores())).row();
    }
}
