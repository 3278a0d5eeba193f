package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundFigures;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.Setting;
import org.esbbench.report.round.TargetRunResult;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.index.IndexPage;
import org.esbbench.report.index.StaticPage;
import org.esbbench.report.roundreport.ReportTable.Cell;
import org.esbbench.report.roundreport.ReportTable.Row;
import org.jsoup.nodes.Element;

import java.util.List;
import org.esbbench.report.capacity.RoundCapacities;

/**
 * {@code round.html}: round.md as one static page (inline CSS, no network) with the charts, in the results index's
 * style. It fits a 1280 px window without sideways scrolling: the tables are scenarios by targets, their text wraps
 * (a median's range goes on a line of its own under it), a table wider than the window scrolls in its own box
 * and images shrink to the page. jsoup builds it, so every text and attribute is escaped by the library.
 */
final class RoundPage {
    static final String FILE = "round.html";

    /** Beyond the index's style: tables that wrap rather than widen the page, the summing-up rows set apart. */
    private static final String CSS = IndexPage.style() + """
            main { max-width: 100%; }
            table.round td, table.round tbody th { overflow-wrap: anywhere; }
            table.round thead th { overflow-wrap: normal; }
            table.round td.num { white-space: normal; }
            table.round .detail { display: block; color: #777; font-size: .85em; font-weight: normal; }
            table.round td.num .detail { white-space: nowrap; }
            table.round tr.summary td { font-weight: 600; border-top: 2px solid #bbb; }
            table.round td.flags { min-width: 0; }
            ul.notes { color: #555; } p.legend { color: #555; max-width: 70em; }
            .charts.round img { width: 100%; }
            """;

    private RoundPage() {
    }

    static String render(RoundContent content) {
        RoundRecord round = content.round();
        RoundTable table = content.table();
        StaticPage page = StaticPage.create(RoundTexts.title(round), CSS);
        Element body = page.body();
        body.appendElement("h1").text(RoundTexts.title(round));
        body.appendElement("p").text(RoundTexts.intro(round) + " Also as round.md and round.csv.");

        section(body, "parameters", "Parameters").appendChild(scroll(html(RoundTables.parameters(round), "parameters")));
        Element served = section(body, "not-served", "Scenarios not served");
        List<String> notServed = RoundTexts.notServed(round);
        if (notServed.isEmpty()) {
            served.appendElement("p").text(RoundTexts.ALL_SERVED);
        } else {
            list(served, notServed, "not-served");
        }
        section(body, "order", "Order of the runs").appendChild(scroll(html(RoundTables.order(round), "order")));

        List<Setting> settings = content.capacities().isPresent() ? List.of() : table.settings();
        content.capacities().ifPresent(caps -> capacity(body, content, caps));
        for (Setting setting : settings) {
            Element results = section(body, "results", "Results" + (settings.size() == 1 ? "" : ": " + setting.label()));
            results.id("results-" + setting.sample().key()).attr("data-setting", setting.sample().key());
            if (settings.size() == 1) {
                results.appendElement("p").text(setting.label() + ".");
            }
            for (Figure f : RoundFigures.ALL) {
                results.appendElement("h3").text(RoundFigures.title(f));
                results.appendChild(scroll(html(RoundTables.figure(table, setting, f), "figure")));
                if (f.equals(RoundFigures.THROUGHPUT)) {
                    results.appendElement("p").addClass("legend").text(RoundTexts.CELL_LEGEND);
                    list(results, RoundTexts.stability(table, setting), "stability");
                    results.appendElement("p").addClass("legend").text(RoundTexts.STABILITY_RULE);
                }
            }
            results.appendElement("h3").text("Flags");
            results.appendChild(scroll(html(RoundTables.flags(table, setting), "flag-table")));
            results.appendElement("p").addClass("legend").text(RoundTexts.FLAGS_LEGEND);

            List<PublishedRatios.Column> published = content.published(setting);
            results.appendElement("h3").text("Ratio to direct");
            results.appendChild(scroll(html(RoundTables.ratios(table, setting, published), "ratios")));
            results.appendElement("p").addClass("legend").text(RoundTexts.RATIO_LEGEND);
            list(results, RoundTexts.columnNotes(published), "notes");
            results.appendElement("p").text("Sources of the published ratios:");
            list(results, RoundTexts.sources(published), "sources");

            List<RoundCharts.Written> charts = content.charts(setting);
            if (!charts.isEmpty()) {
                results.appendElement("h3").text("Charts");
                Element grid = results.appendElement("div").addClass("charts").addClass("round");
                for (RoundCharts.Written c : charts) {
                    Element figure = grid.appendElement("figure");
                    String href = IndexPage.href(RunLayout.CHARTS, c.fileName());
                    figure.appendElement("a").attr("href", href).appendElement("img").attr("src", href)
                            .attr("alt", c.title());
                    figure.appendElement("figcaption").text(c.title());
                }
            }
        }
        if (settings.isEmpty() && content.capacities().map(c -> c.cells().isEmpty()).orElse(true)) {
            section(body, "results", "Results").appendElement("p").text("No target run of the round has figures yet.");
        }
        section(body, "runs", "Run folders").appendChild(scroll(html(RoundTables.runs(round), "runs")));
        List<TargetRunResult> missing = content.notMeasured();
        if (!missing.isEmpty()) {
            list(section(body, "not-measured", "Target runs without figures"),
                    missing.stream().map(RoundTexts::notMeasured).toList(), "not-measured");
        }
        page.appendLayoutCheck();
        return page.document().outerHtml() + "\n";
    }

    /** A capacity round's section per setting, as round.md has it. */
    private static void capacity(Element body, RoundContent content, RoundCapacities caps) {
        List<PublishedRatios.Column> published = content.publishedForCapacity();
        caps.settings().forEach((key, label) -> {
            Element s = section(body, "capacity", RoundCapacityTables.heading(caps) + ": " + label);
            s.id("capacity-" + key.replaceFirst("^_", ""));
            s.appendChild(scroll(html(RoundCapacityTables.capacity(caps, content.round(), key), "capacity")));
            s.appendElement("p").addClass("legend").text(RoundCapacityTables.LEGEND);
            list(s, RoundCapacityTables.beyondPrecision(caps, key), "beyond-precision");
            s.appendElement("h3").text("Capacity ratio to direct");
            s.appendChild(scroll(html(RoundCapacityTables.ratios(caps, content.round(), key, published), "ratios")));
            s.appendElement("p").addClass("legend").text(RoundCapacityTables.RATIO_LEGEND);
            list(s, RoundTexts.columnNotes(published), "notes");
            s.appendElement("p").text("Sources of the published ratios:");
            list(s, RoundTexts.sources(published), "sources");
        });
    }

    /** A section of the page; its class names what it holds, and its id too unless it can repeat (per setting). */
    private static Element section(Element body, String id, String heading) {
        Element section = body.appendElement("section").addClass(id).id(id);
        section.appendElement("h2").text(heading);
        return section;
    }

    private static void list(Element parent, List<String> lines, String cssClass) {
        Element ul = parent.appendElement("ul").addClass("notes").addClass(cssClass);
        lines.forEach(l -> ul.appendElement("li").text(l));
    }

    /** A box that scrolls sideways should a table still be wider than the page. */
    private static Element scroll(Element table) {
        Element div = new Element("div").addClass("scroll");
        div.appendChild(table);
        return div;
    }

    static Element html(ReportTable t, String cssClass) {
        Element table = new Element("table").addClass("round").addClass(cssClass).attr("data-table", t.id());
        Element head = table.appendElement("thead").appendElement("tr");
        t.headings().forEach(h -> head.appendElement("th").text(h));
        Element tbody = table.appendElement("tbody");
        for (Row r : t.rows()) {
            Element tr = tbody.appendElement("tr");
            if (r.summary()) {
                tr.addClass("summary");
            }
            for (int i = 0; i < r.cells().size(); i++) {
                Cell c = r.cells().get(i);
                Element td = tr.appendElement(i == 0 ? "th" : "td");
                if (i > 0 && t.numeric().get(i)) {
                    td.addClass("num");
                }
                if (t.id().equals("flags") && i > 0) {
                    td.addClass("flags");
                }
                if (c.href().isEmpty()) {
                    td.appendText(c.text());
                } else {
                    td.appendElement("a").attr("href", c.href()).text(c.text());
                }
                if (!c.detail().isEmpty()) {
                    td.appendText(" ");
                    td.appendElement("span").addClass("detail").text(c.detail());
                }
            }
        }
        return table;
    }
}
