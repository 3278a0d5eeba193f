package org.esbbench.report.compare;

import org.esbbench.report.figures.Figure;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;

/** Writes a {@link Comparison} as {@code comparison.md} (a table per scenario) and {@code comparison.csv}. */
public final class ComparisonReport {
    public static final String MARKDOWN_FILE = "comparison.md";
    public static final String CSV_FILE = "comparison.csv";

    static final String[] CSV_COLUMNS = {"scenario", "users", "rate", "size_bytes", "delay_ms", "heap", "server_cores", "figure", "run", "run_id",
            "repeats", "value", "min", "max", "ratio_to_baseline", "verdict"};

    private ComparisonReport() {
    }

    /** Writes comparison.md and comparison.csv into {@code dir} (created if needed). */
    public static void write(Comparison comparison, Path dir) throws IOException {
        write(comparison, dir, Figures.standard());
    }

    /** Writes comparison.md and comparison.csv for the catalogue's compared figures. */
    public static void write(Comparison comparison, Path dir, Figures figures) throws IOException {
        write(comparison, dir, figures, ChartLinks.NONE);
    }

    /** Writes comparison.md, showing {@code charts}, and comparison.csv. */
    public static void write(Comparison comparison, Path dir, Figures figures, ChartLinks charts) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(MARKDOWN_FILE), markdown(comparison, figures, charts), StandardCharsets.UTF_8);
        writeCsv(comparison, dir.resolve(CSV_FILE), figures);
    }

    public static String markdown(Comparison comparison) {
        return markdown(comparison, Figures.standard());
    }

    public static String markdown(Comparison comparison, Figures figures) {
        return markdown(comparison, figures, ChartLinks.NONE);
    }

    /**
     * The tables, each scenario's led by its bar charts (the servers side by side), then the line charts against
     * load.
     */
    public static String markdown(Comparison comparison, Figures figures, ChartLinks charts) {
        List<ComparedRun> runs = comparison.runs();
        StringBuilder md = new StringBuilder("# Comparison\n\n");
        md.append("Baseline: **").append(cell(comparison.baseline().label())).append("**. Each value is the point's ")
                .append("figure over its repeats (a median, or a percentile of the merged histograms) with [min–max] ")
                .append("of the repeats when there were two or more; the ratio is to the baseline's value. *significant*: the runs' [min–max] ranges do not overlap; ")
                .append("*within spread*: they do; with one repeat in each run no spread is known.\n\n");
        md.append("| run | run id | target | folder | points | repeats |\n|---|---|---|---|---:|---|\n");
        for (ComparedRun r : runs) {
            md.append("| ").append(cell(r.label())).append(" | ").append(cell(r.runId())).append(" | ")
                    .append(cell(r.target())).append(" | ")
                    .append(cell(r.folder().toString())).append(" | ").append(r.points().size()).append(" | ")
                    .append(repeats(r)).append(" |\n");
        }
        comparison.byScenario().forEach((scenario, points) -> {
            // the heap column only when a run varied the heap (or the server's cores): points of different heaps are
            // different points
            boolean heaps = points.stream().anyMatch(pc -> !pc.point().serverLabel().isEmpty());
            md.append("\n## ").append(cell(scenario)).append("\n\n");
            charts.bars(scenario).forEach(png -> md.append(image(png)));
            if (!charts.bars(scenario).isEmpty()) {
                md.append('\n');
            }
            md.append("| users or rate | size | delay ms |")
                    .append(heaps ? " heap |" : "").append(" figure |");
            StringBuilder rule = new StringBuilder("|---:|---:|---:|" + (heaps ? "---:|" : "") + "---|");
            for (int i = 0; i < runs.size(); i++) {
                md.append(' ').append(cell(runs.get(i).label())).append(" |");
                rule.append("---:|");
                if (i > 0) {
                    md.append(' ').append(cell(runs.get(i).label())).append(" / ").append(cell(runs.get(0).label()))
                            .append(" | ").append(cell(runs.get(i).label())).append(" vs ")
                            .append(cell(runs.get(0).label())).append(" |");
                    rule.append("---:|---|");
                }
            }
            md.append('\n').append(rule).append('\n');
            for (PointComparison pc : points) {
                Point p = pc.point();
                for (Figure f : figures.compared()) {
                    md.append("| ").append(p.loadLabel()).append(" | ").append(Point.sizeLabel(p.sizeBytes())).append(" | ")
                            .append(p.delayMs()).append(" | ").append(heaps ? p.serverLabel() + " | " : "")
                            .append(f.heading()).append(" (")
                            .append(f.better().orElseThrow().text()).append(") |");
                    for (int i = 0; i < runs.size(); i++) {
                        PointSummary s = pc.summaries().get(i);
                        md.append(' ').append(s == null ? "missing" : orNa(f.format(s.value(f))))
                                .append(" |");
                        if (i > 0) {
                            FigureComparison c = pc.compare(f, i);
                            md.append(' ').append(ratio(c.ratio())).append(" | ").append(c.verdict().text()).append(" |");
                        }
                    }
                    md.append('\n');
                }
            }
        });
        if (!charts.lines().isEmpty()) {
            md.append("\n## Charts against load\n\n");
            charts.lines().forEach(png -> md.append(image(png)));
        }
        List<String> missing = missingLines(comparison);
        if (!missing.isEmpty()) {
            md.append("\n## Points not measured by every run\n\n");
            missing.forEach(line -> md.append("- ").append(line).append('\n'));
        }
        return md.toString();
    }

    /** One row per point, figure and run (baseline included, with ratio 1 and verdict "baseline"). */
    public static void writeCsv(Comparison comparison, Path file, Figures figures) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter csv = CSVFormat.DEFAULT.builder().setHeader(CSV_COLUMNS).build().print(out)) {
            for (PointComparison pc : comparison.points()) {
                Point p = pc.point();
                for (Figure f : figures.compared()) {
                    for (int i = 0; i < comparison.runs().size(); i++) {
                        ComparedRun run = comparison.runs().get(i);
                        PointSummary s = pc.summaries().get(i);
                        Spread v = FigureComparison.valueOf(f, s);
                        String ratio;
                        String verdict;
                        if (i == 0) {
                            ratio = v == null || v.value() == 0 ? "" : "1";
                            verdict = s == null ? Verdict.MISSING.text() : "baseline";
                        } else {
                            FigureComparison c = pc.compare(f, i);
                            ratio = c.ratio() == null ? "" : Decimal.fixed(c.ratio(), 4);
                            verdict = c.verdict().text();
                        }
                        csv.printRecord(p.scenario(), p.users(), p.rate(), p.sizeBytes(), p.delayMs(), p.heap(),
                                p.serverCores() == 0 ? "" : p.serverCores(), f.id(), run.label(),
                                run.runId(), s == null ? "" : s.repeatCount(),
                                v == null ? "" : Decimal.fixed(v.value(), 3), v == null ? "" : Decimal.fixed(v.min(), 3),
                                v == null ? "" : Decimal.fixed(v.max(), 3), ratio, verdict);
                    }
                }
            }
        }
    }

    private static List<String> missingLines(Comparison comparison) {
        List<String> lines = new ArrayList<>();
        for (PointComparison pc : comparison.points()) {
            List<Integer> missing = pc.missingIn();
            if (!missing.isEmpty()) {
                lines.add("`" + pc.point().key() + "`: missing in "
                        + String.join(", ", missing.stream().map(i -> cell(comparison.runs().get(i).label())).toList()));
            }
        }
        return lines;
    }

    /** "3" when every point has the same number of repeats, "1–3" otherwise. */
    private static String repeats(ComparedRun run) {
        IntSummaryStatistics s = run.points().values().stream().mapToInt(PointSummary::repeatCount).summaryStatistics();
        return s.getCount() == 0 ? "" : s.getMin() == s.getMax() ? Integer.toString(s.getMin()) : s.getMin() + "–" + s.getMax();
    }

    /** A chart as a Markdown image line, its file name as the alternative text. */
    private static String image(String png) {
        String name = png.substring(png.lastIndexOf('/') + 1);
        return "![" + name + "](" + png + ")\n";
    }

    private static String ratio(Double ratio) {
        return ratio == null ? "" : Decimal.fixed(ratio, 3) + " (" + Decimal.percentChange(ratio) + ")";
    }

    private static String orNa(String value) {
        return value.isEmpty() ? "n/a" : value;
    }

    /** Text inside a Markdown table cell: a pipe would end the cell, a line break the row. */
    static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replaceAll("[\\r\\n]+", " ");
    }
}
