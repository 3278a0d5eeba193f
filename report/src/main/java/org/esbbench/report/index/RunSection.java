package org.esbbench.report.index;

import org.esbbench.report.capacity.CapacityChart;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.chart.LoadModel;
import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.summary.PointTable;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One run's section of {@link IndexPage}: its facts and files, the headline table, its capacity searches' charts
 * (a run that searched), the lead charts, and folded
 * away the other figures with the dashboards, the other charts and the parameters. It is a class of its own
 * because a run's section is most of the page and has its own concerns (the run folder's charts and links);
 * {@link IndexPage} keeps the page around it and the helpers both share.
 */
final class RunSection {
    private RunSection() {
    }

    /** Appends {@code run}'s section to {@code body}, its tables of points with the figures of {@code figures}. */
    static void append(Element body, RunFolder run, Figures figures) {
        String dir = run.folder().getFileName().toString();
        Element section = body.appendElement("section").addClass("run").id(IndexPage.anchor(run))
                .attr("data-run", run.runId());
        Element h2 = section.appendElement("h2");
        h2.appendText(run.runId() + " ");
        IndexPage.outcome(h2, run);

        List<String> facts = Stream.of(IndexPage.date(run), run.target().isBlank() ? "" : "target " + run.target(),
                run.gitCommit().isBlank() ? "" : "git " + run.gitCommit()).filter(f -> !f.isBlank()).toList();
        if (!facts.isEmpty()) {
            section.appendElement("p").addClass("run-facts").text(String.join(" · ", facts));
        }
        Element files = section.appendElement("p").addClass("files");
        files.appendText("Files: ");
        for (String name : List.of(RunLayout.SUMMARY_MD, RunLayout.SUMMARY_CSV, RunLayout.POINTS, RunLayout.RUN_JSON)) {
            if (Files.isRegularFile(run.folder().resolve(name))) {
                files.appendElement("a").attr("href", IndexPage.href(dir, name)).text(name);
                files.appendText(" ");
            }
        }

        List<PointSummary> points = run.points();
        Element headline = table(section, PointTable.headline(points, figures), "headline");
        flameGraphColumn(headline, run, dir, points);
        List<Path> allCharts = chartFiles(run);
        capacityCharts(section, run, dir);
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
                li.appendElement("a").attr("href", IndexPage.href(dir, segments))
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
        IndexPage.header(table, points.headings().toArray(String[]::new));
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

    /**
     * A profiled run's flame graphs ({@code -Dprofile}): a column of the headline table linking each point's repeats'
     * flame graph of its window; no column when the run has none.
     */
    private static void flameGraphColumn(Element table, RunFolder run, String dir, List<PointSummary> points) {
        RunLayout layout = new RunLayout(run.folder());
        boolean any = points.stream().flatMap(p -> p.repeats().stream()).anyMatch(r -> Files.isRegularFile(
                layout.flameGraph(RunLayout.scenarioRunName(r.point(), r.repeat()))));
        if (!any) {
            return;
        }
        table.selectFirst("thead tr").appendElement("th").text("flame graph");
        List<Element> rows = table.select("tbody tr");
        for (int i = 0; i < rows.size(); i++) {
            Element cell = rows.get(i).appendElement("td").addClass("flame-graphs");
            for (RepeatRow r : points.get(i).repeats()) {
                String name = RunLayout.scenarioRunName(r.point(), r.repeat());
                if (Files.isRegularFile(layout.flameGraph(name))) {
                    cell.appendElement("a").addClass("flame-graph")
                            .attr("href", IndexPage.href(dir, RunLayout.PROFILES, name + ".html")).text("r" + r.repeat());
                    cell.appendText(" ");
                }
            }
        }
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
     * The charts a reader looks at first, full width: per scenario, each of {@link IndexPage#LEAD_CHARTS} against
     * load when the run has it; returns them.
     */
    private static List<Path> leadCharts(Element section, RunFolder run, String dir, List<PointSummary> points,
                                         Figures figures) {
        Path chartDir = run.folder().resolve(RunLayout.CHARTS);
        List<Path> shown = new ArrayList<>();
        Element div = null;
        for (String scenario : points.stream().map(p -> p.point().scenario()).distinct().sorted().toList()) {
            for (Figure f : IndexPage.LEAD_CHARTS) {
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
                    figure.appendElement("a").attr("href", IndexPage.href(dir, segments))
                            .appendElement("img").attr("src", IndexPage.href(dir, segments)).attr("alt", title);
                    Element caption = figure.appendElement("figcaption").text(title);
                    svgLink(caption, run, dir, png);
                    shown.add(png);
                }
            }
        }
        return shown;
    }

    /**
     * A capacity search's charts ({@code capacity/<key>.png}) first and full width, each captioned with the
     * capacity it found: what a run that searched is read for. A capacity.csv that cannot be read is said, not
     * allowed to take the page down.
     */
    private static void capacityCharts(Element section, RunFolder run, String dir) {
        RunLayout layout = new RunLayout(run.folder());
        List<SearchRow> searches;
        try {
            searches = SearchRow.read(layout.capacity().resolve(SearchRow.FILE));
        } catch (IOException | RuntimeException e) {
            section.appendElement("p").addClass("missing").text(RunLayout.CAPACITY + "/" + SearchRow.FILE
                    + " could not be read: " + e.getMessage());
            return;
        }
        Element div = null;
        for (SearchRow s : searches) {
            Path png = layout.capacity().resolve(CapacityChart.fileName(s.key()));
            if (!Files.isRegularFile(png)) {
                continue;
            }
            if (div == null) {
                div = section.appendElement("div").addClass("charts").addClass("lead").addClass("capacity");
            }
            String[] segments = relativeSegments(run.folder(), png);
            String title = s.key() + ": " + s.describe();
            Element figure = div.appendElement("figure").attr("data-search", s.key());
            figure.appendElement("a").attr("href", IndexPage.href(dir, segments))
                    .appendElement("img").attr("src", IndexPage.href(dir, segments)).attr("alt", title);
            Element caption = figure.appendElement("figcaption").text(title);
            svgLink(caption, run, dir, png);
        }
    }

    private static void svgLink(Element parent, RunFolder run, String dir, Path png) {
        Path svg = png.resolveSibling(png.getFileName().toString().replaceFirst("(?i)\\.png$", ".svg"));
        if (Files.isRegularFile(svg)) {
            parent.appendText(" ");
            parent.appendElement("a").attr("href", IndexPage.href(dir, relativeSegments(run.folder(), svg)))
                    .text("SVG");
        }
    }

    /**
     * A small throughput chart per repeat, linking to the full one: a run's scenario runs each have one, so the
     * page shows them in its table rather than full size among the run's charts.
     */
    private static void throughputThumbnail(Element cell, RunFolder run, String dir, RepeatRow r) {
        String file = RunLayout.throughputChartName(RunLayout.scenarioRunName(r.point(), r.repeat()));
        if (Files.isRegularFile(run.folder().resolve(RunLayout.CHARTS).resolve(file))) {
            String href = IndexPage.href(dir, RunLayout.CHARTS, file);
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
            cell.appendElement("a").addClass("dashboard").attr("href", IndexPage.href(dir, segments)).text(label);
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
