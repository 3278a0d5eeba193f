package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundFigures;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.Setting;
import org.esbbench.report.round.TargetRunResult;

import org.esbbench.report.figures.Figure;
import org.esbbench.report.roundreport.ReportTable.Cell;
import org.esbbench.report.roundreport.ReportTable.Row;

import java.util.List;
import org.esbbench.report.capacity.RoundCapacities;

/**
 * {@code round.md}: the round for people, in the order a reader asks: what was run (parameters, targets, the
 * order of the runs, what each target does not serve), then per setting the figures side by side with the
 * unstable cells named under the throughput, the flags, the ratios to direct beside the published ones and the
 * charts; then the run folders.
 */
final class RoundMarkdown {
    static final String FILE = "round.md";

    private RoundMarkdown() {
    }

    static String of(RoundContent content) {
        RoundRecord round = content.round();
        RoundTable table = content.table();
        StringBuilder md = new StringBuilder("# ").append(RoundTexts.title(round)).append("\n\n");
        md.append(RoundTexts.intro(round)).append("\n\n");
        md.append("## Parameters\n\n").append(markdown(RoundTables.parameters(round)));
        md.append("\n## Scenarios not served\n\n");
        List<String> notServed = RoundTexts.notServed(round);
        if (notServed.isEmpty()) {
            md.append(RoundTexts.ALL_SERVED).append('\n');
        }
        notServed.forEach(l -> md.append("- ").append(l).append('\n'));
        md.append("\n## Order of the runs\n\n").append(markdown(RoundTables.order(round)));

        List<Setting> settings = content.capacities().isPresent() ? List.of() : table.settings();
        content.capacities().ifPresent(caps -> capacity(md, content, caps));
        for (Setting setting : settings) {
            md.append("\n## Results").append(settings.size() == 1 ? "" : ": " + setting.label()).append("\n\n");
            if (settings.size() == 1) {
                md.append(setting.label()).append(".\n\n");
            }
            for (Figure f : RoundFigures.ALL) {
                md.append("### ").append(RoundFigures.title(f)).append("\n\n").append(markdown(RoundTables.figure(table, setting, f)));
                if (f.equals(RoundFigures.THROUGHPUT)) {
                    md.append('\n').append(RoundTexts.CELL_LEGEND).append("\n\n");
                    RoundTexts.stability(table, setting).forEach(l -> md.append("- ").append(l).append('\n'));
                    md.append('\n').append(RoundTexts.STABILITY_RULE).append('\n');
                }
                md.append('\n');
            }
            md.append("### Flags\n\n").append(markdown(RoundTables.flags(table, setting))).append('\n')
                    .append(RoundTexts.FLAGS_LEGEND).append("\n\n");
            RoundTexts.profiledMix(table, setting).ifPresent(l -> md.append(l).append("\n\n"));
            List<PublishedRatios.Column> published = content.published(setting);
            md.append("### Ratio to direct\n\n").append(markdown(RoundTables.ratios(table, setting, published)))
                    .append('\n').append(RoundTexts.RATIO_LEGEND).append("\n\n");
            RoundTexts.columnNotes(published).forEach(l -> md.append("- ").append(l).append('\n'));
            md.append("\nSources of the published ratios:\n\n");
            RoundTexts.sources(published).forEach(l -> md.append("- ").append(l).append('\n'));
            List<RoundCharts.Written> charts = content.charts(setting);
            if (!charts.isEmpty()) {
                md.append("\n### Charts\n\n");
                charts.forEach(c -> md.append("![").append(c.title()).append("](").append(c.href()).append(")\n\n"));
            }
        }
        if (settings.isEmpty() && content.capacities().map(c -> c.cells().isEmpty()).orElse(true)) {
            md.append("\n## Results\n\nNo target run of the round has figures yet.\n");
        }
        md.append("\n## Run folders\n\n").append(markdown(RoundTables.runs(round)));
        List<TargetRunResult> missing = content.notMeasured();
        if (!missing.isEmpty()) {
            md.append("\n## Target runs without figures\n\n");
            missing.forEach(r -> md.append("- ").append(RoundTexts.notMeasured(r)).append('\n'));
        }
        return md.toString();
    }

    /** A capacity round's section per setting: the capacities, the ratios to direct beside the published. */
    private static void capacity(StringBuilder md, RoundContent content, RoundCapacities caps) {
        RoundRecord round = content.round();
        List<PublishedRatios.Column> published = content.publishedForCapacity();
        caps.settings().forEach((key, label) -> {
            md.append("\n## ").append(RoundCapacityTables.heading(caps)).append(": ").append(label).append("\n\n");
            md.append(markdown(RoundCapacityTables.capacity(caps, round, key))).append('\n')
                    .append(RoundCapacityTables.LEGEND).append("\n\n");
            RoundCapacityTables.beyondPrecision(caps, key).forEach(l -> md.append("- ").append(l).append('\n'));
            md.append("\n### Capacity ratio to direct\n\n")
                    .append(markdown(RoundCapacityTables.ratios(caps, round, key, published))).append('\n')
                    .append(RoundCapacityTables.RATIO_LEGEND).append("\n\n");
            RoundTexts.columnNotes(published).forEach(l -> md.append("- ").append(l).append('\n'));
            md.append("\nSources of the published ratios:\n\n");
            RoundTexts.sources(published).forEach(l -> md.append("- ").append(l).append('\n'));
        });
    }

    static String markdown(ReportTable table) {
        StringBuilder md = new StringBuilder(row(table.headings()));
        md.append(row(table.numeric().stream().map(n -> n ? "---:" : "---").toList()));
        for (Row r : table.rows()) {
            md.append(row(r.cells().stream().map(c -> cell(c, r.summary())).toList()));
        }
        return md.toString();
    }

    /** A cell's text (bold in a summing-up row), its detail after it, as a link when it has one. */
    private static String cell(Cell c, boolean summary) {
        String text = c.text().isEmpty() ? "" : summary ? "**" + c.text() + "**" : c.text();
        if (!c.href().isEmpty()) {
            text = "[" + text + "](" + c.href() + ")";
        }
        return c.detail().isEmpty() ? text : text + " " + c.detail();
    }

    /** One table row; an empty cell shows as "–", a pipe or line break inside a cell is escaped. */
    private static String row(List<String> cells) {
        StringBuilder line = new StringBuilder("|");
        for (String c : cells) {
            line.append(' ').append(c.isEmpty() ? "–" : c.replace("|", "\\|").replaceAll("[\\r\\n]+", " ")).append(" |");
        }
        return line.append('\n').toString();
    }
}
