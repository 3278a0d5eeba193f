package org.esbbench.report.index;

import org.esbbench.report.compare.LatestComparison;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.summary.PointTable;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Renders {@code results/index.html}: one self-contained page (inline CSS, one small inline script, no network)
 * with a table of the runs and, per run, its facts, its points, its charts and links to its dashboards. Every
 * link is relative to the results folder, so the folder can be copied or zipped and still be browsed. jsoup
 * builds the document, so all text and attribute values are escaped by the library.
 */
public final class IndexPage {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private static final String CSS = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
            h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ccc; }
            table { border-collapse: collapse; margin: .6em 0; }
            th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; vertical-align: top; }
            th { background: #f3f3f3; } td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
            table.facts th { width: 12em; } .outcome { padding: 0 .4em; border-radius: 3px; }
            .outcome.passed { background: #d9f2d9; } .outcome.failed { background: #f8d4d4; }
            .flags { color: #a15c00; } .missing { color: #999; }
            .charts { display: flex; flex-wrap: wrap; gap: 1em; }
            figure { margin: 0; } figure img { max-width: 640px; border: 1px solid #eee; }
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
            });
            """;

    private IndexPage() {
    }

    public static String render(ResultsIndex.Listing listing) {
        return render(listing, Figures.standard());
    }

    /** The page, its tables of points with the figures of {@code figures}. */
    public static String render(ResultsIndex.Listing listing, Figures figures) {
        Document doc = new Document("");
        doc.outputSettings().charset(StandardCharsets.UTF_8);
        doc.appendChild(new DocumentType("html", "", ""));
        Element html = doc.appendElement("html").attr("lang", "en");
        Element head = html.appendElement("head");
        head.appendElement("meta").attr("charset", "utf-8");
        head.appendElement("meta").attr("name", "viewport").attr("content", "width=device-width, initial-scale=1");
        head.appendElement("title").text("ESB bench results");
        head.appendElement("style").appendChild(new DataNode(CSS));
        Element body = html.appendElement("body");
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
        Element table = body.appendElement("table").id("runs");
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

        Element facts = section.appendElement("table").addClass("facts").appendElement("tbody");
        fact(facts, "date", date(run));
        fact(facts, "target", run.target());
        fact(facts, "git commit", run.gitCommit());
        // "target" is already shown above; every other parameter as run.json has it
        run.parameters().forEach((k, v) -> {
            if (!k.equals("target")) {
                fact(facts, k, v);
            }
        });

        Element files = section.appendElement("p").addClass("files");
        files.appendText("Files: ");
        for (String name : List.of(RunLayout.SUMMARY_MD, RunLayout.SUMMARY_CSV, RunLayout.POINTS, RunLayout.RUN_JSON)) {
            if (Files.isRegularFile(run.folder().resolve(name))) {
                files.appendElement("a").attr("href", href(dir, name)).text(name);
                files.appendText(" ");
            }
        }

        pointsTable(section, run, dir, figures);
        charts(section, run, dir);
    }

    /** The points as summary.md has them ({@link PointTable}), with a link to each repeat's dashboard. */
    private static void pointsTable(Element section, RunFolder run, String dir, Figures figures) {
        Element table = section.appendElement("table").addClass("points");
        List<String> headings = new java.util.ArrayList<>(PointTable.headings(figures));
        headings.add("dashboards");
        headings.add("throughput over the window");
        header(table, headings.toArray(String[]::new));
        Element tbody = table.appendElement("tbody");
        for (PointSummary p : run.points()) {
            Element tr = tbody.appendElement("tr").attr("data-point", p.point().key());
            List<String> cells = PointTable.cells(p, figures);
            for (int i = 0; i < cells.size(); i++) {
                Element td = tr.appendElement("td").text(cells.get(i));
                if (PointTable.numeric(i, figures)) {
                    td.addClass("num");
                } else if (i == cells.size() - 1) {
                    td.addClass("flags");
                }
            }
            Element dashboards = tr.appendElement("td");
            for (RepeatRow r : p.repeats()) {
                dashboardLink(dashboards, run, dir, r);
            }
            Element overTime = tr.appendElement("td").addClass("over-time");
            for (RepeatRow r : p.repeats()) {
                throughputThumbnail(overTime, run, dir, r);
            }
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

    private static void charts(Element section, RunFolder run, String dir) {
        Path chartDir = run.folder().resolve(RunLayout.CHARTS);
        if (!Files.isDirectory(chartDir)) {
            return;
        }
        // Each scenario run's throughput over its window is in the points table, small: full size, one per scenario
        // run would crowd the page.
        java.util.Set<String> overTime = run.rows().stream()
                .map(r -> RunLayout.throughputChartName(RunLayout.scenarioRunName(r.point(), r.repeat())))
                .collect(Collectors.toSet());
        List<Path> pngs;
        try (Stream<Path> files = Files.walk(chartDir)) {
            pngs = files.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().toLowerCase(Locale.ROOT)
                    .endsWith(".png") && !overTime.contains(chartDir.relativize(f).toString())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(chartDir + ": cannot list charts", e);
        }
        if (pngs.isEmpty()) {
            return;
        }
        Element div = section.appendElement("div").addClass("charts");
        for (Path png : pngs) {
            String[] segments = relativeSegments(run.folder(), png);
            String name = String.join("/", segments).substring(RunLayout.CHARTS.length() + 1);
            Element figure = div.appendElement("figure");
            figure.appendElement("a").attr("href", href(dir, segments))
                    .appendElement("img").attr("src", href(dir, segments)).attr("alt", name);
            Element caption = figure.appendElement("figcaption").text(name);
            Path svg = png.resolveSibling(png.getFileName().toString().replaceFirst("(?i)\\.png$", ".svg"));
            if (Files.isRegularFile(svg)) {
                caption.appendText(" ");
                caption.appendElement("a").attr("href", href(dir, relativeSegments(run.folder(), svg))).text("SVG");
            }
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

    private static void fact(Element tbody, String name, String value) {
        Element tr = tbody.appendElement("tr");
        tr.appendElement("th").text(name);
        tr.appendElement("td").text(value);
    }

    private static void num(Element tr, String text) {
        tr.appendElement("td").addClass("num").text(text);
    }
}
