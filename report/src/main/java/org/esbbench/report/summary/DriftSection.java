package org.esbbench.report.summary;

import org.esbbench.report.samples.ThroughputSeries;
import org.esbbench.report.run.DriftThreshold;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.run.WindowDrift;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * summary.md's "Throughput over the window": the drift rule, what it said of each scenario run's window (both
 * thirds' figures, flagged or not, or why it was not judged) and the throughput charts.
 */
final class DriftSection {
    private DriftSection() {
    }

    /** The sentence the summary's note adds on the {@value WindowDrift#FLAG} flag. */
    static String flagSentence(double thresholdPercent) {
        return "A row flagged " + WindowDrift.FLAG + " had the first and last thirds of its measurement window differ by"
                + " more than " + DriftThreshold.describe(thresholdPercent) + " % (-D" + DriftThreshold.PARAMETER
                + ") in throughput or p99: its figures average a server that changed during the window (see"
                + " Throughput over the window). The flag does not fail the run.";
    }

    static void append(StringBuilder md, RunSummary summary, RunLayout layout) {
        if (summary.drift().isEmpty()) {
            return;
        }
        md.append("\n## Throughput over the window\n\n")
                .append("Each scenario run's throughput and p99 per ").append(ThroughputSeries.BUCKET_MILLIS / 1000).append(" s of its measurement window"
                        + " (charts below). Drift: the window's last third against its first, judged only when each"
                        + " third covers at least ").append(WindowDrift.MIN_THIRD_MILLIS / 1000).append(" s of load with at least ")
                .append(WindowDrift.MIN_THIRD_SAMPLES).append(" samples (else: drift not judged: window too short);"
                        + " flagged ").append(WindowDrift.FLAG).append(" when throughput or p99 differ by more than ")
                .append(DriftThreshold.describe(summary.driftThresholdPercent())).append(" % (-D")
                .append(DriftThreshold.PARAMETER).append("; a p99 difference of ")
                .append(WindowDrift.P99_RESOLUTION_MILLIS).append(" ms or less never counts: JMeter measures whole"
                        + " milliseconds).\n\n");
        StringBuilder images = new StringBuilder();
        for (Map.Entry<String, String> e : summary.drift().entrySet()) {
            md.append("- ").append(e.getKey()).append(": ").append(e.getValue().replace("\n", " ")).append('\n');
            Path png = layout.throughputChart(e.getKey());
            if (Files.isRegularFile(png)) {
                images.append(images.isEmpty() ? "" : " ").append("![").append(e.getKey())
                        .append(": throughput over the window](").append(layout.relative(png)).append(')');
            }
        }
        if (!images.isEmpty()) {
            md.append('\n').append(images).append('\n');
        }
    }
}
