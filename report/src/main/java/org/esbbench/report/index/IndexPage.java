package org.esbbench.report.index;

import org.esbbench.report.chart.LoadModel;
import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.compare.LatestComparison;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.summary.PointTable;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Renders {@code results/index.html}: one self-contained page (inline CSS, one small inline script, no network)
 * with a table of the runs and, per run, results first: the headline table ({@link PointTable#headline}) and the
 * charts of {@link #LEAD_CHARTS} against load per scenario; then, folded away, every other figure with the
 * dashboards, every other chart and the parameters (each once, {@link RunParameterList}). Nothing is wider than
 * the window: wide tables scroll inside their own box and images shrink to fit. Every
 * link is relative to the results folder, so the folder can be copied or zipped and still be browsed. jsoup
 * builds the document, so all text and attribute values are escaped by the library.
 */
public final class IndexPage {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private static final String CSS = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
            h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ccc; }
            h1, h2, p { overflow-wrap: anywhere; }
            .scroll { max-width: 100%; overflow-x: auto; }
            table { border-collapse: collapse; margin: .6em 0; }
            th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; vertical-align: top; }
            th { background: #f3f3f3; } td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
            td.num .spread { display: block; color: #777; font-size: .85em; }
            table.headline th { font-size: .95em; }
            table.facts { table-layout: fixed; width: 100%; } table.facts th { width: 14em; }
            table.facts td { overflow-wrap: anywhere; }
            .outcome { padding: 0 .4em; border-radius: 3px; }
            .outcome.passed { background: #d9f2d9; } .outcome.failed { background: #f8d4d4; }
            .flags { color: #a15c00; min-width: 8em; } .missing { color: #999; } .run-facts { color: #555; }
            .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 460px), 1fr)); gap: 1em; }
            figure { margin: 0; } img { max-width: 100%; height: auto; } figure img { border: 1px solid #eee; }
            figcaption { overflow-wrap: anywhere; }
            table.headline td:first-child, table.others td:first-child { white-space: nowrap; }
            details { margin: .8em 0; } summary { cursor: pointer; font-weight: 600; }
            ul.chart-files { columns: 18em; padding-left: 1.2em; } ul.chart-files li { overflow-wrap: anywhere; }
            td.over-time img { width: 120px; border: 1px solid #eee; margin-right: .3em; }
            img[data-loaded="false"] { outline: 3px solid #d00; }
            """;

    /** Marks every image loaded or broken once the page has loaded, so a headless browser's DOM dump shows it. */
    private static final String IMAGE_CHECK = """
            window.addEventListener('load', function () {
              document.querySelectorAll('img').forEach(function (img) {
                img.setAttribute('data-loaded', String(img.complete && img.naturalWidth > 0));
              });
              document.body.setAttribute('data-images-checked', 'true');
              // the layout as rendered: wider content than the window means the page scrolls sideways
              document.body.setAttribute('data-scroll-width', String(document.documentElement.scrollWidth));
              document.body.setAttribute('data-viewport-width', String(window.innerWidth));
            });
            """;

    /** The charts shown full size per scenario: how much it carried and how slow its slow replies were. */
    static final List<Figure> LEAD_CHARTS = List.of(StandardFigures.THROUGHPUT, StandardFigures.P99);

    private IndexPage() {
    }

    public static String render(ResultsIndex.Listing listing) {
        return render(listing, Figures.standard());
    }

    /** The page, its tables of points with the figures of {@code figures}. */
    public static String render(ResultsIndex.Listing listing, Figures figures) {
        StaticPage page = StaticPage.create("ESB bench results", CSS);
        Document doc = page.document();
        Element body = page.body();
        body.appendElement("h1").text("ESB bench results");
        List<RunFolder> runs = listing.runs();
        body.appendElement("p").text(runs.size() + (runs.size() == 1 ? " run" : " runs") + ", newest first.");
        latestComparison(body, runs);
        if (!runs.isEmpty()) {
            runsTable(body, runs);
        }
        runs.forEach(run -> runSection(body, run, figures));
        if (!listing.unreadable().isEmpty()) {
            Element section = body.appendElement("section").id("unreadable");
            section.appendElement("h2").text("Run folders that could not be read");
            Element ul = section.appendElement("ul");
            listing.unreadable().forEach(u -> ul.appendElement("li").text(u));
        }
        body.appendElement("script").appendChild(new DataNode(IMAGE_CHECK));
        return doc.outerHtml() + "\n";
    }

    /** A link to the comparison of the latest run of each target, when the index wrote one beside the page. */
    private static void latestComparison(Element body, List<RunFolder> runs) {
        List<RunFolder> compared = LatestComparison.runs(runs);
        if (compared.size() < 2 || !Files.isRegularFile(runs.get(0).folder().resolveSibling(LatestComparison.PAGE))) {
            return;
        }
        Element p = body.appendElement("p").id("compare-latest");
        p.appendElement("a").attr("href", LatestComparison.PAGE).text("Servers side by side");
        p.appendText(": the comparison of the latest run of each target ("
                + compared.stream().map(r -> r.target() + " " + r.runId()).collect(Collectors.joining(", ")) + ").");
    }

    private static void runsTable(Element body, List<RunFolder> runs) {
        Element table = body.appendElement("div").addClass("scroll").appendElement("table").id("runs");
        header(table, "run", "outcome", "date", "target", "git commit", "points");
        Element tbody = table.appendElement("tbody");
        for (RunFolder run : runs) {
            Element tr = tbody.appendElement("tr").attr("data-run", run.runId());
            tr.appendElement("td").appendElement("a").attr("href", "#" + anchor(run)).text(run.runId());
            outcome(tr.appendElement("td"), run);
            tr.appendElement("td").text(date(run));
            tr.appendElement("td").text(run.target());
            tr.appendElement("td").text(run.gitCommit());
            tr.appendElement("td").addClass("num").text(Integer.toString(run.points().size()));
        }
    }

    private static void runSection(Element body, RunFolder run, Figures figures) {
        String dir = run.folder().getFileName().toString();
        Element section = body.appendElement("section").addClass("run").id(anchor(run)).attr("data-run", run.runId());
        Element h2 = section.appendElement("h2");
        h2.appendText(run.runId() + " ");
        outcome(h2, run);

        List<String> facts = Stream.of(date(run), run.target().isBlank() ? "" : "target " + run.target(),
                run.gitCommit().isBlank() ? "" : "git " + run.gitCommit()).filter(f -> !f.isBlank()).toList();
        if (!facts.isEmpty()) {
            section.appendElement("p").addClass("run-facts").text(String.join(" · ", facts));
        }
        Element files = section.appendElement("p").addClass("files");
        files.appendText("Files: ");
        for (String name : List.of(RunLayout.SUMMARY_MD, RunLayout.SUMMARY_CSV, RunLayout.POINTS, RunLayout.RUN_JSON)) {
            if (Files.isRegularFile(run.folder().resolve(name))) {
                files.appendElement("a").attr("href", href(dir, name)).text(name);
                files.appendText(" ");
            }
        }

        List<PointSummary> points = run.points();
        table(section, PointTable.headline(points, figures), "headline");
        List<Path> allCharts = chartFiles(run);
        List<Path> lead = leadCharts(section, run, dir, points, figures);

        Element more = section.appendElement("details").addClass("more-figures");
        more.appendElement("summary").text("Other figures, dashboards and throughput over each window");
        Element others = table(more, PointTable.others(points, figures), "others");
        scenarioRunColumns(others, run, dir, points);

        List<Path> rest = allCharts.stream().filter(c -> !lead.contains(c)).toList();
        if (!rest.isEmpty()) {
            Element details = section.appendElement("details").addClass("all-charts");
            details.appendElement("summary").text("Other charts (" + rest.size() + ")");
            Element ul = details.appendElement("ul").addClass("chart-files");
            for (Path png : rest) {
                String[] segments = relativeSegments(run.folder(), png);
                Element li = ul.appendElement("li");
                li.appendElement("a").attr("href", href(dir, segments))
                        .text(String.join("/", segments).substring(RunLayout.CHARTS.length() + 1));
                svgLink(li, run, dir, png);
            }
        }

        Map<String, String> parameters = new LinkedHashMap<>(run.parameters());
        parameters.remove("target"); // in the run's facts line above
        if (!parameters.isEmpty()) {
            Element details = section.appendElement("details").addClass("parameters");
            details.appendElement("summary").text("Parameters (" + parameters.size() + ")");
            Element tbody = details.appendElement("table").addClass("facts").appendElement("tbody");
            parameters.forEach((k, v) -> fact(tbody, k, v));
        }
    }

    /**
     * A table of points in a box that scrolls sideways when it is wider than the page; each row names its point,
     * a value's [lowest–highest] goes on a line of its own under it.
     */
    private static Element table(Element parent, PointTable points, String cssClass) {
        Element table = parent.appendElement("div").addClass("scroll").appendElement("table").addClass(cssClass);
        header(table, points.headings().toArray(String[]::new));
        Element tbody = table.appendElement("tbody");
        for (int r = 0; r < points.rows().size(); r++) {
            Element tr = tbody.appendElement("tr").attr("data-point", points.points().get(r).point().key());
            List<String> cells = points.rows().get(r);
            for (int i = 0; i < cells.size(); i++) {
                Element td = tr.appendElement("td");
                String cell = cells.get(i);
                int spread = cell.indexOf(" [");
                if (points.numeric().get(i) && spread > 0 && cell.endsWith("]")) {
                    td.appendText(cell.substring(0, spread) + " ");
                    td.appendElement("span").addClass("spread").text(cell.substring(spread + 1));
                } else {
                    td.text(cell);
                }
                if (points.numeric().get(i)) {
                    td.addClass("num");
                } else if (points.headings().get(i).equals("flags")) {
                    td.addClass("flags");
                }
            }
        }
        return table;
    }

    /** The dashboards and throughput-over-the-window thumbnails of each point's repeats, as two more columns. */
    private static void scenarioRunColumns(Element table, RunFolder run, String dir, List<PointSummary> points) {
        Element head = table.selectFirst("thead tr");
        head.appendElement("th").text("dashboards");
        head.appendElement("th").text("throughput over the window");
        List<Element> rows = table.select("tbody tr");
        for (int i = 0; i < rows.size(); i++) {
            PointSummary p = points.get(i);
            Element dashboards = rows.get(i).appendElement("td");
            for (RepeatRow r : p.repeats()) {
                dashboardLink(dashboards, run, dir, r);
            }
            Element overTime = rows.get(i).appendElement("td").addClass("over-time");
            for (RepeatRow r : p.repeats()) {
                throughputThumbnail(overTime, run, dir, r);
            }
        }
    }

    /**
     * The charts a reader looks at first, full width: per scenario, each of {@link #LEAD_CHARTS} against load when
     * the run has it; returns them.
     */
    private static List<Path> leadCharts(Element section, RunFolder run, String dir, List<PointSummary> points,
                                         Figures figures) {
        Path chartDir = run.folder().resolve(RunLayout.CHARTS);
        List<Path> shown = new ArrayList<>();
        Element div = null;
        for (String scenario : points.stream().map(p -> p.point().scenario()).distinct().sorted().toList()) {
            for (Figure f : LEAD_CHARTS) {
                for (LoadModel model : LoadModel.values()) {
                    Path png = chartDir.resolve(ScalingCharts.fileName(scenario, model, f));
                    if (!figures.charted().contains(f) || !Files.isRegularFile(png)) {
                        continue;
                    }
                    if (div == null) {
                        div = section.appendElement("div").addClass("charts").addClass("lead");
                    }
                    String[] segments = relativeSegments(run.folder(), png);
                    Element figure = div.appendElement("figure");
                    String title = scenario + ": " + f.title() + " " + model.against();
                    figure.appendElement("a").attr("href", href(dir, segments))
                            .appendElement("img").attr("src", href(dir, segments)).attr("alt", title);
                    Element caption = figure.appendElement("figcaption").text(title);
                    svgLink(caption, run, dir, png);
                    shown.add(png);
                }
            }
        }
        return shown;
    }

    private static void svgLink(Element parent, RunFolder run, String dir, Path png) {
        Path svg = png.resolveSibling(png.getFileName().toString().replaceFirst("(?i)\\.png$", ".svg"));
        if (Files.isRegularFile(svg)) {
            parent.appendText(" ");
            parent.appendElement("a").attr("href", href(dir, relativeSegments(run.folder(), svg))).text("SVG");
        }
    }

    /**
     * A small throughput chart per repeat, linking to the full one: a run's scenario runs each have one, so the
     * page shows them in its table rather than full size among the run's charts.
     */
    private static void throughputThumbnail(Element cell, RunFolder run, String dir, RepeatRow r) {
        String file = RunLayout.throughputChartName(RunLayout.scenarioRunName(r.point(), r.repeat()));
        if (Files.isRegularFile(run.folder().resolve(RunLayout.CHARTS).resolve(file))) {
            String href = href(dir, RunLayout.CHARTS, file);
            cell.appendElement("a").addClass("throughput").attr("href", href).attr("title", "r" + r.repeat() + ": " + file)
                    .appendElement("img").attr("src", href).attr("alt", "r" + r.repeat() + " throughput over the window");
        }
    }

    private static void dashboardLink(Element cell, RunFolder run, String dir, RepeatRow r) {
        if (r.dashboard().isBlank()) {
            return;
        }
        String label = "r" + r.repeat();
        Path target = run.folder().resolve(r.dashboard()).normalize();
        boolean inside = !Path.of(r.dashboard()).isAbsolute() && target.startsWith(run.folder().normalize());
        if (inside && Files.exists(target)) {
            String[] segments = r.dashboard().replace('\\', '/').split("/");
            cell.appendElement("a").addClass("dashboard").attr("href", href(dir, segments)).text(label);
        } else {
            cell.appendElement("span").addClass("missing").attr("title", "dashboard not found: " + r.dashboard())
                    .text(label + " (missing)");
        }
        cell.appendText(" ");
    }

    /**
     * The run's chart PNGs, by path, but each scenario run's throughput over its window (those are small in the
     * other figures' table).
     */
    private static List<Path> chartFiles(RunFolder run) {
        Path chartDir = run.folder().resolve(RunLayout.CHARTS);
        if (!Files.isDirectory(chartDir)) {
            return List.of();
        }
        Set<String> overTime = run.rows().stream()
                .map(r -> RunLayout.throughputChartName(RunLayout.scenarioRunName(r.point(), r.repeat())))
                .collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(chartDir)) {
            return files.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().toLowerCase(Locale.ROOT)
                    .endsWith(".png") && !overTime.contains(chartDir.relativize(f).toString())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(chartDir + ": cannot list charts", e);
        }
    }

    private static String[] relativeSegments(Path base, Path file) {
        Path rel = base.relativize(file);
        String[] segments = new String[rel.getNameCount()];
        for (int i = 0; i < segments.length; i++) {
            segments[i] = rel.getName(i).toString();
        }
        return segments;
    }

    /** A relative URL from the results folder: each path segment percent-encoded. */
    static String href(String runDir, String... segments) {
        return Stream.concat(Stream.of(runDir), Stream.of(segments))
                .map(s -> URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"))
                .collect(Collectors.joining("/"));
    }

    private static String anchor(RunFolder run) {
        return "run-" + run.folder().getFileName().toString().replaceAll("\\s", "_");
    }

    private static void outcome(Element parent, RunFolder run) {
        String outcome = run.outcome().isBlank() ? "unknown" : run.outcome();
        parent.appendElement("span").addClass("outcome")
                .addClass(outcome.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "")).text(outcome);
    }

    private static String date(RunFolder run) {
        return run.startedAt().map(DATE::format).orElse("");
    }

    private static void header(Element table, String... columns) {
        Element tr = table.appendElement("thead").appendElement("tr");
        for (String c : columns) {
            tr.appendElement("th").text(c);
        }
    }

    /** One parameter; a value of several lines (the plans) one line each. */
    private static void fact(Element tbody, String name, String value) {
        Element tr = tbody.appendElement("tr");
        tr.appendElement("th").text(name);
        Element td = tr.appendElement("td");
        if (value.contains("\n")) {
            value.lines().forEach(line -> td.appendElement("div").text(line));
        } else {
            td.text(value);
        }
    }

}
