package org.esbbench.report.compare;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.index.StaticPage;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.List;

/**
 * {@code comparison.html}: the comparison as a static page a browser shows without network (the results index
 * links the comparison of the latest run of each target to it). Per scenario the servers side by side (the
 * grouped bar charts), then the table of every compared figure; then the line charts against load. jsoup escapes
 * every text and attribute.
 */
final class ComparisonPage {
    private static final String CSS = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
            h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
            table { border-collapse: collapse; margin: .6em 0; }
            th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; }
            th { background: #f3f3f3; } td.num { text-align: right; white-space: nowrap; }
            .charts { display: flex; flex-wrap: wrap; gap: 1em; } .charts img { max-width: 640px; border: 1px solid #eee; }
            """;

    private ComparisonPage() {
    }

    static String render(Comparison comparison, Figures figures, ChartLinks charts) {
        StaticPage page = StaticPage.create("Comparison", CSS);
        Document doc = page.document();
        Element body = page.body();
        body.appendElement("h1").text("Comparison");
        body.appendElement("p").text("Baseline: " + comparison.baseline().label() + ". Each value is the point's "
                + "figure over its repeats, with [min–max] of the repeats when there were two or more; the ratio is "
                + "to the baseline. Also as comparison.md and comparison.csv.");

        List<ComparedRun> runs = comparison.runs();
        Element runTable = body.appendElement("table").id("runs");
        row(runTable.appendElement("thead"), "th", "run", "run id", "target", "points");
        Element tbody = runTable.appendElement("tbody");
        for (ComparedRun r : runs) {
            row(tbody, "td", r.label(), r.runId(), r.target(), Integer.toString(r.points().size()));
        }

        comparison.byScenario().forEach((scenario, points) -> {
            Element section = body.appendElement("section").addClass("scenario").attr("data-scenario", scenario);
            section.appendElement("h2").text(scenario);
            images(section, charts.bars(scenario), "bars");
            Element table = section.appendElement("table").addClass("figures");
            Element head1 = table.appendElement("thead").appendElement("tr");
            for (String h : List.of("users or rate", "size", "delay ms", "heap", "figure")) {
                head1.appendElement("th").text(h);
            }
            for (int i = 0; i < runs.size(); i++) {
                head1.appendElement("th").text(runs.get(i).label());
                if (i > 0) {
                    head1.appendElement("th").text(runs.get(i).label() + " / " + runs.get(0).label());
                }
            }
            Element rows = table.appendElement("tbody");
            for (PointComparison pc : points) {
                Point p = pc.point();
                for (Figure f : figures.compared()) {
                    Element tr = rows.appendElement("tr").attr("data-point", p.key()).attr("data-figure", f.id());
                    tr.appendElement("td").addClass("num").text(p.loadLabel());
                    tr.appendElement("td").addClass("num").text(Point.sizeLabel(p.sizeBytes()));
                    tr.appendElement("td").addClass("num").text(Long.toString(p.delayMs()));
                    tr.appendElement("td").text(p.serverLabel());
                    tr.appendElement("td").text(f.heading() + " (" + f.better().orElseThrow().text() + ")");
                    for (int i = 0; i < runs.size(); i++) {
                        PointSummary s = pc.summaries().get(i);
                        String value = s == null ? "missing" : f.format(s.value(f));
                        tr.appendElement("td").addClass("num").text(value.isEmpty() ? "n/a" : value);
                        if (i > 0) {
                            FigureComparison c = pc.compare(f, i);
                            tr.appendElement("td").addClass("num").text(c.ratio() == null ? c.verdict().text()
                                    : Decimal.fixed(c.ratio(), 3) + " (" + Decimal.percentChange(c.ratio()) + ", "
                                    + c.verdict().text() + ")");
                        }
                    }
                }
            }
        });
        if (!charts.lines().isEmpty()) {
            Element section = body.appendElement("section").id("against-load");
            section.appendElement("h2").text("Charts against load");
            images(section, charts.lines(), "lines");
        }
        return doc.outerHtml() + "\n";
    }

    private static void images(Element parent, List<String> pngs, String kind) {
        if (pngs.isEmpty()) {
            return;
        }
        Element div = parent.appendElement("div").addClass("charts").addClass(kind);
        for (String png : pngs) {
            div.appendElement("a").attr("href", png).appendElement("img").attr("src", png)
                    .attr("alt", png.substring(png.lastIndexOf('/') + 1));
        }
    }

    private static void row(Element parent, String cell, String... texts) {
        Element tr = parent.appendElement("tr");
        for (String t : texts) {
            tr.appendElement(cell).text(t);
        }
    }
}
