package org.esbbench.report.index;

import org.esbbench.report.compare.LatestComparison;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.summary.PointTable;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Renders {@code results/index.html}: one self-contained page (inline CSS, one small inline script, no network)
 * with a table of the runs and, per run, results first: the headline table ({@link PointTable#headline}) and the
 * charts of {@link #LEAD_CHARTS} against load per scenario; then, folded away, every other figure with the
 * dashboards, every other chart and the parameters (each once, {@link RunParameterList}). Nothing is wider than
 * the window: wide tables scroll inside their own box and images shrink to fit. Every
 * link is relative to the results folder, so the folder can be copied or zipped and still be browsed. jsoup
 * builds the document, so all text and attribute values are escaped by the library. Each run's section is
 * {@link RunSection}'s; this class keeps the page around them and the helpers both use.
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

    /** The charts shown full size per scenario: how much it carried and how slow its slow replies were. */
    static final List<Figure> LEAD_CHARTS = List.of(StandardFigures.THROUGHPUT, StandardFigures.P99);

    private IndexPage() {
    }

    /**
     * The page's style, for the other pages of the results folder (a round's report) to look the same: compact
     * tables, images no wider than the window.
     */
    public static String style() {
        return CSS;
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
        int rounds = listing.rounds().size();
        body.appendElement("p").text(runs.size() + (runs.size() == 1 ? " run" : " runs")
                + (rounds == 0 ? "" : ", " + rounds + (rounds == 1 ? " round" : " rounds")) + ", newest first.");
        latestComparison(body, runs);
        rounds(body, listing.rounds());
        if (!runs.isEmpty()) {
            runsTable(body, runs);
        }
        runs.forEach(run -> RunSection.append(body, run, figures));
        if (!listing.unreadable().isEmpty()) {
            Element section = body.appendElement("section").id("unreadable");
            section.appendElement("h2").text("Run folders that could not be read");
            Element ul = section.appendElement("ul");
            listing.unreadable().forEach(u -> ul.appendElement("li").text(u));
        }
        page.appendLayoutCheck();
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

    /** The rounds, newest first, each linking its report page (its target runs are among the runs below). */
    private static void rounds(Element body, List<RoundFolder> rounds) {
        if (rounds.isEmpty()) {
            return;
        }
        Element section = body.appendElement("section").id("rounds");
        section.appendElement("h2").text("Rounds");
        Element table = section.appendElement("div").addClass("scroll").appendElement("table").id("round-list");
        header(table, "round", "checked", "targets", "iterations", "scenarios", "progress");
        Element tbody = table.appendElement("tbody");
        for (RoundFolder round : rounds) {
            String dir = round.folder().getFileName().toString();
            Element tr = tbody.appendElement("tr").attr("data-round", round.record().id());
            Element name = tr.appendElement("td");
            if (round.hasPage()) {
                name.appendElement("a").attr("href", href(dir, RoundFolder.PAGE)).text(dir);
            } else {
                name.appendText(dir + " ");
                name.appendElement("span").addClass("missing").text("(no report yet)");
            }
            tr.appendElement("td").text(round.record().created() == null ? "" : round.record().created());
            tr.appendElement("td").text(String.join(", ", round.record().targets()));
            tr.appendElement("td").addClass("num").text(Integer.toString(round.record().iterations()));
            tr.appendElement("td").text(String.join(", ", round.record().scenarios()));
            tr.appendElement("td").text(round.progress());
        }
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

    /** A relative URL (from the results folder, or any page's own folder): each path segment percent-encoded. */
    public static String href(String runDir, String... segments) {
        return Stream.concat(Stream.of(runDir), Stream.of(segments))
                .map(s -> URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"))
                .collect(Collectors.joining("/"));
    }

    static String anchor(RunFolder run) {
        return "run-" + run.folder().getFileName().toString().replaceAll("\\s", "_");
    }

    static void outcome(Element parent, RunFolder run) {
        String outcome = run.outcome().isBlank() ? "unknown" : run.outcome();
        parent.appendElement("span").addClass("outcome")
                .addClass(outcome.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "")).text(outcome);
    }

    static String date(RunFolder run) {
        return run.startedAt().map(DATE::format).orElse("");
    }

    static void header(Element table, String... columns) {
        Element tr = table.appendElement("thead").appendElement("tr");
        for (String c : columns) {
            tr.appendElement("th").text(c);
        }
    }

}
