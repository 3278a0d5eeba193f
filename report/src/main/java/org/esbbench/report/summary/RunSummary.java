package org.esbbench.report.summary;

import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.ScenarioOrder;
import org.esbbench.report.run.AnalysisOptions;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a summary says: its heading, the points over their repeats, what failed and what the reader must be
 * warned of.
 *
 * @param title                      the heading, e.g. "Run 20261122-101500-reference"
 * @param description                one line that says what was measured
 * @param points                     the points, kept in {@link ScenarioOrder#POINTS} order: the catalogue's
 *                                   scenarios first ({@code direct} leading, as the published rounds list them),
 *                                   then plans of the user's own alphabetically
 * @param failures                   what failed, one line each (empty when nothing did)
 * @param warnings                   what the figures' reader must know (e.g. a results file without failure messages)
 * @param saturationThresholdPercent the machine CPU % from which runs were flagged as limited by the harness;
 *                                   empty when no CPU records were read (results files summarised on their own)
 * @param drift                      per scenario run, what the drift rule said of its window
 *                                   ({@link org.esbbench.report.run.WindowDrift#verdict()}); empty when not analysed
 * @param driftThresholdPercent      the -DdriftThreshold those verdicts were judged with
 * @param gate                       the section of the criteria and the baseline, Markdown; empty when the run has
 *                                   neither
 * @param capacity                   the capacity search's section, Markdown, which the summary leads with
 *                                   ({@link org.esbbench.report.capacity.CapacityReport}); empty without a search
 * @param profiles                   where the server's time went, Markdown
 *                                   ({@link org.esbbench.report.profiles.ProfileSection}); empty without profiles
 */
public record RunSummary(String title, String description, List<PointSummary> points, List<String> failures,
                         List<String> warnings, OptionalDouble saturationThresholdPercent, Map<String, String> drift,
                         double driftThresholdPercent, String gate, String capacity, String profiles) {
    public RunSummary {
        points = points.stream().sorted(Comparator.comparing(PointSummary::point, ScenarioOrder.POINTS)).toList();
        failures = List.copyOf(failures);
        warnings = List.copyOf(warnings);
        drift = Collections.unmodifiableMap(new LinkedHashMap<>(drift));
        gate = gate == null ? "" : gate;
        capacity = capacity == null ? "" : capacity;
        profiles = profiles == null ? "" : profiles;
    }

    /** Without profiles. */
    public RunSummary(String title, String description, List<PointSummary> points, List<String> failures,
                      List<String> warnings, OptionalDouble saturationThresholdPercent, Map<String, String> drift,
                      double driftThresholdPercent, String gate, String capacity) {
        this(title, description, points, failures, warnings, saturationThresholdPercent, drift, driftThresholdPercent,
                gate, capacity, "");
    }

    /** Without a capacity search. */
    public RunSummary(String title, String description, List<PointSummary> points, List<String> failures,
                      List<String> warnings, OptionalDouble saturationThresholdPercent, Map<String, String> drift,
                      double driftThresholdPercent, String gate) {
        this(title, description, points, failures, warnings, saturationThresholdPercent, drift, driftThresholdPercent,
                gate, "");
    }

    /** Without criteria or a baseline. */
    public RunSummary(String title, String description, List<PointSummary> points, List<String> failures,
                      List<String> warnings, OptionalDouble saturationThresholdPercent, Map<String, String> drift,
                      double driftThresholdPercent) {
        this(title, description, points, failures, warnings, saturationThresholdPercent, drift, driftThresholdPercent,
                "");
    }

    /** Without drift verdicts (results files summarised on their own). */
    public RunSummary(String title, String description, List<PointSummary> points, List<String> failures,
                      List<String> warnings, OptionalDouble saturationThresholdPercent) {
        this(title, description, points, failures, warnings, saturationThresholdPercent, Map.of(),
                AnalysisOptions.DEFAULT_DRIFT_THRESHOLD_PERCENT);
    }
}
