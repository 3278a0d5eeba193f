package org.esbbench.report.compare;

import org.esbbench.report.chart.ComparisonBars;
import org.esbbench.report.chart.ComparisonCharts;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.profiles.ProfileComparison;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a comparison writes into its folder: {@code comparison.md} and {@code comparison.html} (per scenario
 * the servers side by side as grouped bars, then the table), {@code comparison.csv}, and {@code charts/} with the
 * bar charts and the line charts against load; with profiled runs, {@code profiles/} with each point's differential
 * flame graph, listed at the end of {@code comparison.md} ({@link ProfileComparison}).
 */
public final class ComparisonOutput {
    public static final String HTML_FILE = "comparison.html";

    /**
     * @param comparison the runs and their points side by side
     * @param charts     every chart file written, PNG and SVG
     * @param links      the charts as the pages show them
     */
    public record Written(Comparison comparison, List<Path> charts, ChartLinks links, String profiles,
                          List<ProfileComparison.Written> flameGraphs) {
    }

    private ComparisonOutput() {
    }

    public static Written write(List<ComparedRun> runs, Path out, Figures figures) throws IOException {
        Comparison comparison = Comparison.of(runs);
        LinkedHashMap<String, List<PointSummary>> byRun = new LinkedHashMap<>();
        for (ComparedRun r : runs) {
            byRun.put(r.label(), new ArrayList<>(r.points().values()));
        }
        Path chartDir = out.resolve(RunLayout.CHARTS);
        List<Path> charts = new ArrayList<>(ComparisonBars.write(byRun, chartDir, figures));
        List<Path> lines = ComparisonCharts.write(byRun, chartDir, figures);
        charts.addAll(lines);

        Map<String, List<String>> bars = new LinkedHashMap<>();
        for (String scenario : comparison.byScenario().keySet()) {
            bars.put(scenario, ComparisonBars.fileNames(byRun, figures, scenario).stream()
                    .map(ComparisonOutput::link).toList());
        }
        ChartLinks links = new ChartLinks(bars, lines.stream().filter(p -> p.toString().endsWith(".png"))
                .map(p -> link(p.getFileName().toString())).toList());
        ComparisonReport.write(comparison, out, figures, links);
        // Where the server's time moved, for the points both runs profiled (-Dprofile): after the tables.
        List<ProfileComparison.Written> flameGraphs = new ArrayList<>();
        String profiles = ProfileComparison.write(runs.stream().map(r -> new ProfileComparison.Run(r.label(), r.folder(),
                r.points().keySet().stream().map(Point::key).toList())).toList(), out, flameGraphs);
        if (!profiles.isEmpty()) {
            Files.writeString(out.resolve(ComparisonReport.MARKDOWN_FILE), profiles, StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        Files.writeString(out.resolve(HTML_FILE), ComparisonPage.render(comparison, figures, links),
                StandardCharsets.UTF_8);
        return new Written(comparison, charts, links, profiles, flameGraphs);
    }

    private static String link(String png) {
        return RunLayout.CHARTS + "/" + png;
    }
}
