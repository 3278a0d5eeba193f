package org.esbbench.report.capacity;

import org.esbbench.report.figures.Decimal;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The capacity search's part of a run's report: reads {@code capacity/capacity.csv} and {@code capacity/probes.csv},
 * writes each search's chart ({@link CapacityChart}) and gives the section summary.md leads with: a row per search
 * (its capacity, bracket, what bounded it, its probes, time and confirmation, a link to its chart), then a table of
 * each search's probes. A run without a capacity search has no such section.
 */
public final class CapacityReport {

    /** What the capacity figure means, said once under the table. */
    static final String EXPLANATION = "The capacity is the highest offered rate (arrivals/s) that passed the objective;"
            + " the bracket runs from it to the lowest rate that failed, its width (%) what the search's precision let"
            + " it stop at. \"≥ R, the generator's limit\" means the load generator failed to keep its schedule first:"
            + " R is a lower bound of the server's capacity, not the server's own limit. Bounded by says what held the"
            + " lowest failing probe back (the server's cores, the in-flight cap, the generator, or latency with no core"
            + " saturated); the confirmation is one more window at the capacity, of the run's measurement length (a"
            + " failed one counts as a failure at its rate and the search goes on below it).";

    private CapacityReport() {
    }

    /**
     * The section when the run folder has {@code capacity/capacity.csv}, its charts written; empty otherwise.
     *
     * @throws IOException when a file cannot be read or a chart written
     */
    public static Optional<String> write(RunLayout layout) throws IOException {
        Path searchesFile = layout.capacity().resolve(SearchRow.FILE);
        if (!Files.isRegularFile(searchesFile)) {
            return Optional.empty();
        }
        List<SearchRow> searches = SearchRow.read(searchesFile);
        List<ProbeRow> probes = ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE));
        List<String> charted = new ArrayList<>();
        for (SearchRow s : searches) {
            if (probes.stream().anyMatch(p -> p.search().equals(s.key()) && p.probe() > 0)) {
                CapacityChart.write(s, probes, layout.capacity());
                charted.add(s.key());
            }
        }
        return Optional.of(markdown(layout, searches, probes, charted));
    }

    static String markdown(RunLayout layout, List<SearchRow> searches, List<ProbeRow> probes, List<String> charted) {
        StringBuilder md = new StringBuilder("## Capacity\n\n");
        List<String> objectives = searches.stream().map(SearchRow::objective).distinct().toList();
        if (objectives.size() == 1) {
            md.append("Under the objective `").append(objectives.get(0)).append('`').append(terms(objectives.get(0)))
                    .append(".\n\n");
        }
        boolean heap = searches.stream().map(s -> s.point().heap()).distinct().count() > 1;
        boolean cores = searches.stream().map(s -> s.point().serverCores()).distinct().count() > 1;
        List<String> headings = new ArrayList<>(List.of("scenario", "size", "delay"));
        List<String> rule = new ArrayList<>(List.of("---", "---:", "---:"));
        if (heap) {
            headings.add("heap");
            rule.add("---");
        }
        if (cores) {
            headings.add("server cores");
            rule.add("---:");
        }
        if (objectives.size() > 1) {
            headings.add("objective");
            rule.add("---");
        }
        headings.addAll(List.of("capacity", "bracket", "bounded by", "probes", "search time", "confirmation", "chart"));
        rule.addAll(List.of("---", "---:", "---", "---:", "---:", "---", "---"));
        md.append(row(headings)).append(row(rule));
        for (SearchRow s : searches) {
            Point p = s.point();
            List<String> cells = new ArrayList<>(List.of(p.scenario(), Point.sizeLabel(p.sizeBytes()),
                    p.delayMs() + " ms"));
            if (heap) {
                cells.add(p.heap());
            }
            if (cores) {
                cells.add(p.serverCores() == 0 ? "" : Integer.toString(p.serverCores()));
            }
            if (objectives.size() > 1) {
                cells.add("`" + s.objective() + "`");
            }
            cells.add(s.describe());
            double bracket = s.bracketPercent();
            cells.add(Double.isNaN(bracket) ? "" : Decimal.fixed(bracket, 1) + " %");
            cells.add(s.lowestFail() > 0 || s.ended() == CapacitySearch.Status.GENERATOR_LIMIT ? s.boundedBy() : "");
            cells.add(Integer.toString(s.probes()));
            cells.add(duration(s.searchSeconds()));
            cells.add(confirmation(s));
            cells.add(charted.contains(s.key())
                    ? "[chart](" + layout.relative(layout.capacity().resolve(CapacityChart.svgName(s.key()))) + ")" : "");
            md.append(row(cells));
        }
        md.append('\n').append(EXPLANATION).append('\n');
        for (SearchRow s : searches) {
            probes(md, s, probes.stream().filter(p -> p.search().equals(s.key()) && p.probe() > 0).toList());
        }
        return md.toString();
    }

    /** The objective's terms as held, when more than given (the implied 0 % errors): " (p99<=20ms, errors<=0% ...)". */
    private static String terms(String objective) {
        try {
            return " (" + Objective.parse(objective).describe() + ")";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /** "held", "**failed**: why", or "none" (no rate passed, nothing to confirm). */
    static String confirmation(SearchRow s) {
        return switch (s.confirmation()) {
            case "failed" -> "**failed**" + (s.confirmationReasons().isBlank() ? "" : ": " + s.confirmationReasons());
            case "" -> "none";
            default -> s.confirmation();
        };
    }

    /** One search's probes in the order they ran, the warm-up left out (it was a closed model's run). */
    private static void probes(StringBuilder md, SearchRow s, List<ProbeRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("\n### ").append(s.key()).append(": probes\n\n");
        md.append(row(List.of("#", "phase", "rate/s", "offered/s", "achieved/s", "p50 ms", "p99 ms", "p99.9 ms",
                "error %", "server CPU %", "verdict", "marginal")));
        md.append(row(List.of("---:", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---",
                "---")));
        for (ProbeRow p : rows) {
            md.append(row(List.of(Integer.toString(p.probe()), p.phase(), SearchRow.rate(p.rate()),
                    number(p.offered(), 1), number(p.achieved(), 1), number(p.p50(), 3), number(p.p99(), 3),
                    number(p.p999(), 3), number(p.errorPct(), 3), number(p.serverCpuPct(), 1),
                    p.verdict().equals("pass") || p.verdict().isBlank() ? p.verdict() : "**" + p.verdict() + "**",
                    p.marginal() ? "yes" : "")));
        }
    }

    private static String number(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /** "5 min 13 s", "42 s". */
    static String duration(double seconds) {
        if (Double.isNaN(seconds)) {
            return "";
        }
        long s = Math.round(seconds);
        return s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s";
    }

    /** One table row; an empty cell shows as "–", a pipe or line break inside a cell is escaped (as summary.md's). */
    private static String row(List<String> cells) {
        StringBuilder line = new StringBuilder("|");
        for (String c : cells) {
            line.append(' ').append(c.isEmpty() ? "–" : c.replace("|", "\\|").replaceAll("[\\r\\n]+", " ")).append(" |");
        }
        return line.append('\n').toString();
    }
}
