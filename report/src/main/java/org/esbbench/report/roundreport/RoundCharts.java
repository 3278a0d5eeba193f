package org.esbbench.report.roundreport;

import org.esbbench.report.round.PublishedRatios;
import org.esbbench.report.round.RoundCell;
import org.esbbench.report.round.RoundFigures;
import org.esbbench.report.round.RoundTable;
import org.esbbench.report.round.RoundTargets;
import org.esbbench.report.round.Setting;

import org.esbbench.report.chart.FileNames;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The round's charts in {@code charts/}, as the published rounds drew servers side by side: per setting, a grouped
 * bar chart per figure (a group per scenario in catalogue order, a bar per target: its median, a whisker from its
 * lowest to its highest iteration), and one of the ratios to {@code direct}, the targets measured beside the
 * published servers (a published bar from incorrect replies drawn pale). PNG and SVG, by the suite's chart style.
 */
final class RoundCharts {
    static final String RATIO_ID = "ratio_to_direct";

    /**
     * A chart written.
     *
     * @param setting  the setting it shows
     * @param title    what it shows, for a caption
     * @param fileName the PNG's name in charts/ (the SVG beside it)
     */
    record Written(Setting setting, String title, String fileName) {
        String href() {
            return RunLayout.CHARTS + "/" + fileName;
        }
    }

    private RoundCharts() {
    }

    /** Writes the charts into {@code chartsDir}, replacing the round charts an earlier report wrote there. */
    static List<Written> write(RoundTable table, PublishedRatios published, Path chartsDir) throws IOException {
        clear(chartsDir);
        List<Setting> settings = table.settings();
        List<Written> written = new ArrayList<>();
        for (Setting setting : settings) {
            // One setting (the usual round): short names; several: each chart names its setting.
            String prefix = "round-" + (settings.size() == 1 ? "" : FileNames.slug(setting.label()) + "-");
            String at = settings.size() == 1 ? "" : " (" + setting.label() + ")";
            List<String> scenarios = table.scenarios(setting);
            for (Figure f : RoundFigures.ALL) {
                List<GroupedBars.Series> series = new ArrayList<>();
                for (String target : table.targets()) {
                    series.add(new GroupedBars.Series(target, scenarios.stream()
                            .map(s -> table.cell(setting, s, target).map(c -> c.value(f)).orElse(null)).toList()));
                }
                if (series.stream().allMatch(s -> s.values().stream().allMatch(v -> v == null))) {
                    continue;
                }
                String title = RoundFigures.name(f) + " by scenario and target" + at;
                write(written, chartsDir, setting, new GroupedBars.Spec(title, subtitle(setting), "Scenario",
                        RoundFigures.title(f), scenarios, series), prefix + f.id() + ".png");
            }
            ratios(written, table, published, chartsDir, setting, prefix, at);
        }
        return written;
    }

    private static String subtitle(Setting setting) {
        return setting.label() + "; each bar the median over the iterations, its whisker the lowest to the highest";
    }

    /** The ratio chart: every scenario but direct (1 by definition); the targets, then the published servers. */
    private static void ratios(List<Written> written, RoundTable table, PublishedRatios published, Path chartsDir,
                               Setting setting, String prefix, String at) throws IOException {
        List<String> scenarios = table.scenarios(setting).stream().filter(s -> !s.equals(RoundTargets.DIRECT)).toList();
        if (scenarios.isEmpty()) {
            return;
        }
        List<GroupedBars.Series> series = new ArrayList<>();
        for (String target : table.targets()) {
            series.add(new GroupedBars.Series(target, scenarios.stream().map(s -> table.cell(setting, s, target)
                    .map(RoundCell::ratioToDirect).map(RoundCharts::bar).orElse(null)).toList()));
        }
        boolean anyPale = false;
        for (PublishedRatios.Column column : published.columns(setting.sample().users())) {
            List<Spread> values = new ArrayList<>();
            List<Boolean> pale = new ArrayList<>();
            for (String s : scenarios) {
                Optional<PublishedRatios.Ratio> r = Optional.ofNullable(column.byScenario().get(s));
                values.add(r.map(x -> bar(x.ratio())).orElse(null));
                pale.add(r.map(PublishedRatios.Ratio::incorrect).orElse(false));
            }
            anyPale |= pale.contains(true);
            series.add(new GroupedBars.Series(column.label(), values, pale));
        }
        if (series.stream().allMatch(s -> s.values().stream().allMatch(v -> v == null))) {
            return;
        }
        String subtitle = setting.label() + " for the targets measured; the published servers as published"
                + (anyPale ? "; pale bars: replies found incorrect" : "");
        write(written, chartsDir, setting, new GroupedBars.Spec("Throughput ratio to the server's own direct" + at,
                subtitle, "Scenario", "ratio to direct", scenarios, series), prefix + RATIO_ID + ".png");
    }

    private static Spread bar(Double value) {
        return value == null ? null : new Spread(value, value, value, 1);
    }

    private static void write(List<Written> written, Path chartsDir, Setting setting, GroupedBars.Spec spec,
                              String fileName) throws IOException {
        GroupedBars.write(spec, chartsDir.resolve(fileName));
        written.add(new Written(setting, spec.title(), fileName));
    }

    /** Removes the round charts of an earlier report (a setting no longer there would leave stale ones). */
    private static void clear(Path chartsDir) throws IOException {
        if (!Files.isDirectory(chartsDir)) {
            return;
        }
        try (Stream<Path> files = Files.list(chartsDir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("round-")).toList()) {
                Files.delete(f);
            }
        }
    }
}
