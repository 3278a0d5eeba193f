package org.esbbench.report.roundreport;

import org.esbbench.report.round.RoundCell;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Spread;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.esbbench.report.roundreport.RoundFixture.done;
import static org.esbbench.report.roundreport.RoundFixture.row;

/**
 * A round of two targets (reference, synapse) over two iterations, from synthetic summary.csv files: the medians,
 * lowest and highest of each cell, the ratios to direct, catalogue order, the average row, the stability verdict,
 * the scenarios not served, the published ratios, the page and the index.
 */
class RoundReportTest {
    private static final String REF_1 = "20261128-090100-reference";
    private static final String SYN_1 = "20261128-090500-synapse";
    private static final String SYN_2 = "20261128-091000-synapse";
    private static final String REF_2 = "20261128-091500-reference";
    private static final List<String> SCENARIOS = List.of("direct", "cbr-body", "xslt");
    private static final String SERVER_BOUND = "server-bound in 1 of 1 repeat";
    private static final String LOAD_BOUND = "load-bound in 1 of 1 repeat";

    @TempDir
    Path tmp;

    /**
     * reference: direct 1000 / 1200 (server-bound: 18.2 % spread, unstable), cbr-body 800 / 840 (server-bound,
     * 4.9 %: stable), xslt 500 / 520 (load-bound: not judged). synapse, which does not serve xslt: direct 2000 / 2100
     * (server-bound, 4.9 %), cbr-body 1500 / 1800 (server-bound, 18.2 %: unstable). The summaries list the scenarios
     * alphabetically, as older runs wrote them.
     */
    private Path twoTargetsTwoIterations(Path results) throws IOException {
        RoundFixture.run(results, REF_1, List.of(
                row("cbr-body", 800, 20, 300, SERVER_BOUND),
                row("direct", 1000, 10, 100, SERVER_BOUND),
                row("xslt", 500, 40, 500, LOAD_BOUND)));
        RoundFixture.run(results, SYN_1, List.of(
                row("cbr-body", 1500, 8, 150, SERVER_BOUND + "; drift in 1 of 1 repeat"),
                row("direct", 2000, 5, 50, SERVER_BOUND)));
        RoundFixture.run(results, SYN_2, List.of(
                row("cbr-body", 1800, 6, 130, SERVER_BOUND),
                row("direct", 2100, 7, 60, SERVER_BOUND)));
        RoundFixture.run(results, REF_2, List.of(
                row("cbr-body", 840, 22, 320, SERVER_BOUND),
                row("direct", 1200, 14, 120, SERVER_BOUND),
                row("xslt", 520, 44, 540, LOAD_BOUND)));
        return RoundFixture.round(results, List.of("reference", "synapse"), 2, SCENARIOS,
                Map.of("synapse", List.of("xslt")), List.of(
                        done(1, 1, "reference", SCENARIOS, REF_1),
                        done(1, 2, "synapse", List.of("direct", "cbr-body"), SYN_1),
                        done(2, 1, "synapse", List.of("cbr-body", "direct"), SYN_2),
                        done(2, 2, "reference", List.of("cbr-body", "xslt", "direct"), REF_2)));
    }

    @Test
    void eachCellIsTheMedianWithTheLowestAndHighestOfItsIterations() throws IOException {
        RoundReport.Result result = RoundReport.write(twoTargetsTwoIterations(tmp.resolve("results")), line -> { });

        RoundCell direct = cell(result, "direct", "reference");
        assertThat(direct.iterations()).containsExactly(1, 2);
        assertThat(direct.runIds()).containsExactly(REF_1, REF_2);
        assertThat(direct.throughput()).isEqualTo(new Spread(1100, 1000, 1200, 2));
        assertThat(direct.value(StandardFigures.P99)).isEqualTo(new Spread(12, 10, 14, 2));
        assertThat(direct.value(StandardFigures.CPU_PER_MESSAGE)).isEqualTo(new Spread(110, 100, 120, 2));
        assertThat(direct.spreadPercent()).isCloseTo(100.0 * 200 / 1100, within(1e-9));
        assertThat(direct.ratioToDirect()).isEqualTo(1.0);

        RoundCell cbr = cell(result, "cbr-body", "reference");
        assertThat(cbr.throughput()).isEqualTo(new Spread(820, 800, 840, 2));
        assertThat(cbr.ratioToDirect()).as("820 over reference's own direct, 1100").isCloseTo(820.0 / 1100, within(1e-9));
        assertThat(cell(result, "cbr-body", "synapse").ratioToDirect()).as("1650 over synapse's direct, 2050")
                .isCloseTo(1650.0 / 2050, within(1e-9));
        assertThat(cell(result, "xslt", "reference").flagsText()).isEqualTo("load-bound 2/2");
        assertThat(cell(result, "cbr-body", "synapse").flagsText()).isEqualTo("server-bound 2/2; unstable; drift 1/2");
        assertThat(result.rows()).noneMatch(c -> c.target().equals("synapse") && c.point().scenario().equals("xslt"));
    }

    @Test
    void roundCsvHasARowPerTargetAtEachPointInCatalogueOrder() throws IOException {
        Path roundDir = twoTargetsTwoIterations(tmp.resolve("results"));

        RoundReport.write(roundDir, line -> { });

        List<CSVRecord> rows;
        try (Reader in = Files.newBufferedReader(roundDir.resolve("round.csv"), StandardCharsets.UTF_8)) {
            rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
        assertThat(rows.get(0).getParser().getHeaderNames()).startsWith("scenario", "users", "rate", "size_bytes",
                "delay_ms", "heap", "server_cores", "target", "iterations").contains("throughput_per_s",
                "throughput_per_s_low", "throughput_per_s_high", "p99_ms", "p99_ms_low", "p99_ms_high",
                "cpu_us_per_msg", "cpu_us_per_msg_low", "cpu_us_per_msg_high", "spread_pct", "ratio_to_direct",
                "errors", "incorrect", "flags", "run_ids");
        assertThat(rows).extracting(r -> r.get("scenario") + "/" + r.get("target")).containsExactly(
                "direct/reference", "direct/synapse", "cbr-body/reference", "cbr-body/synapse", "xslt/reference");
        CSVRecord direct = rows.get(0);
        assertThat(direct.get("iterations")).isEqualTo("2");
        assertThat(direct.get("throughput_per_s")).isEqualTo("1100");
        assertThat(direct.get("throughput_per_s_low")).isEqualTo("1000");
        assertThat(direct.get("throughput_per_s_high")).isEqualTo("1200");
        assertThat(direct.get("p99_ms")).isEqualTo("12");
        assertThat(direct.get("spread_pct")).isEqualTo("18.18");
        assertThat(direct.get("flags")).isEqualTo("server-bound 2/2; unstable");
        assertThat(direct.get("run_ids")).isEqualTo(REF_1 + " " + REF_2);
        assertThat(rows.get(2).get("ratio_to_direct")).isEqualTo("0.7455");
        assertThat(rows.get(4).get("flags")).isEqualTo("load-bound 2/2");
    }

    @Test
    void aServerBoundPointSpreadOverTenPercentIsUnstableAndOneWithinItIsNot() throws IOException {
        Path roundDir = twoTargetsTwoIterations(tmp.resolve("results"));

        RoundReport.Result result = RoundReport.write(roundDir, line -> { });

        assertThat(result.unstable()).extracting(c -> c.target() + "/" + c.point().scenario())
                .containsExactly("reference/direct", "synapse/cbr-body");
        assertThat(cell(result, "cbr-body", "reference").unstable()).as("4.9 %, server-bound").isFalse();
        assertThat(cell(result, "direct", "synapse").unstable()).as("4.9 %, server-bound").isFalse();
        String md = Files.readString(roundDir.resolve("round.md"));
        assertThat(md).contains("- reference, direct: unstable, throughput spread 18.2 % of its median "
                + "(1000.0–1200.0 around 1100.0 req/s over 2 iterations, server-bound in each)");
        assertThat(md).contains("- synapse, cbr-body: unstable, throughput spread 18.2 %");
        assertThat(md).doesNotContain("reference, cbr-body: unstable", "synapse, direct: unstable");
    }

    @Test
    void roundMdListsDirectFirstAveragesEachTargetAndNamesWhatIsNotServed() throws IOException {
        Path roundDir = twoTargetsTwoIterations(tmp.resolve("results"));

        RoundReport.write(roundDir, line -> { });

        String md = Files.readString(roundDir.resolve("round.md"));
        assertThat(md).startsWith("# Round " + RoundFixture.ID + "\n");
        assertThat(md).contains("| measurement | 120 |", "| users | 10 |");
        assertThat(md).contains("- synapse does not serve xslt");
        List<String> throughput = table(md, "### Throughput (req/s)");
        assertThat(throughput.get(0)).isEqualTo("| scenario | reference | synapse |");
        assertThat(throughput.subList(2, throughput.size())).containsExactly(
                "| direct | 1100.0 (1000.0–1200.0) | 2050.0 (2000.0–2100.0) |",
                "| cbr-body | 820.0 (800.0–840.0) | 1650.0 (1500.0–1800.0) |",
                "| xslt | 510.0 (500.0–520.0) | not served |",
                // reference: (1100 + 820 + 510) / 3; synapse: (2050 + 1650) / 2
                "| **average** | **810.0** (3 scenarios) | **1850.0** (2 scenarios) |",
                // the scenarios both have: reference (1100 + 820) / 2
                "| **average of the scenarios all have** (direct, cbr-body) | **960.0** | **1850.0** |");
        assertThat(table(md, "### p99 (ms)").get(2)).isEqualTo("| direct | 12.000 (10.000–14.000) | 6.000 (5.000–7.000) |");
        assertThat(table(md, "### Server CPU per message (µs)").get(2)).isEqualTo("| direct | 110.0 (100.0–120.0) | 55.0 (50.0–60.0) |");
        assertThat(table(md, "### Flags").get(3)).isEqualTo("| cbr-body | server-bound 2/2 | server-bound 2/2; unstable; drift 1/2 |");
        assertThat(table(md, "| iteration | # |")).contains(
                "| 2 | 1 | synapse | cbr-body, direct | [" + SYN_2 + "](../" + SYN_2 + "/summary.md) |");
        assertThat(md).contains("[" + REF_1 + "](../" + REF_1 + "/summary.md)");
    }

    @Test
    void theRatiosStandBesideThePublishedOnesWithTheirSources() throws IOException {
        Path roundDir = twoTargetsTwoIterations(tmp.resolve("results"));

        RoundReport.write(roundDir, line -> { });

        String md = Files.readString(roundDir.resolve("round.md"));
        List<String> ratios = table(md, "### Ratio to direct");
        assertThat(ratios.get(0)).isEqualTo("| scenario | reference | synapse | WSO2 MI, 1 KiB, 10 users | Mule CE 3.4.0 "
                + "| Talend ESB SE 5.3.1 | UltraESB 2.0.0 (enhanced) | WSO2 ESB 4.7.0 |");
        assertThat(ratios.subList(2, ratios.size())).containsExactly(
                "| direct | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 |",
                "| cbr-body | 0.75 | 0.80 | 0.67 | 0.98 | 0.99 | 0.81 | 0.88* |",
                "| xslt | 0.46 | not served | 0.31 | 0.69 | 0.74 | 0.73 | 0.38* |");
        assertThat(md).contains("WSO2 MI, 1 KiB, 10 users: published at the round's 10 users.",
                "WSO2 Enterprise Micro Integrator performance test results", "AdroitLogic ESB performance round 7 (October 2013)",
                "* marks a ratio from replies found incorrect");
    }

    @Test
    void theChartsAndThePageAreWrittenAndThePageFitsA1280PixelWindow() throws IOException {
        Path roundDir = twoTargetsTwoIterations(tmp.resolve("results"));

        RoundReport.Result result = RoundReport.write(roundDir, line -> { });

        for (String id : List.of("throughput_per_s", "p99_ms", "cpu_us_per_msg", "ratio_to_direct")) {
            assertThat(roundDir.resolve("charts/round-" + id + ".png")).isNotEmptyFile();
            assertThat(roundDir.resolve("charts/round-" + id + ".svg")).isNotEmptyFile();
        }
        assertThat(result.files()).contains(roundDir.resolve("round.csv"), roundDir.resolve("round.md"),
                roundDir.resolve("round.html"), roundDir.resolve("charts/round-ratio_to_direct.svg"));

        Path html = roundDir.resolve("round.html");
        assertThat(html).isNotEmptyFile();
        Document page = Jsoup.parse(html.toFile(), "UTF-8");
        assertThat(page.select("img")).hasSize(4).allSatisfy(img ->
                assertThat(roundDir.resolve(img.attr("src"))).as("chart %s", img.attr("src")).isRegularFile());
        Element throughput = page.selectFirst("table[data-table=throughput_per_s]");
        assertThat(throughput.select("tbody tr > th")).extracting(Element::text)
                .containsExactly("direct", "cbr-body", "xslt", "average", "average of the scenarios all have (direct, cbr-body)");
        assertThat(throughput.select("tbody tr").get(0).select("td").get(0).text()).isEqualTo("1100.0 (1000.0–1200.0)");
        assertThat(page.select("table[data-table=ratios] td")).extracting(Element::text).contains("0.88*");
        assertThat(page.text()).contains("synapse does not serve xslt", "reference, direct: unstable");
        assertThat(fixedWidths(page)).as("fixed widths in the page's style").allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(1280));
    }

    @Test
    void theResultsIndexLinksTheRoundAndDoesNotTakeItForARun() throws IOException {
        Path results = tmp.resolve("results");
        Path roundDir = twoTargetsTwoIterations(results);

        RoundReport.Result result = RoundReport.write(roundDir, line -> { });

        assertThat(result.index()).isEqualTo(results.toAbsolutePath().normalize().resolve("index.html"));
        Document index = Jsoup.parse(result.index().toFile(), "UTF-8");
        assertThat(index.select("section#rounds table tbody tr")).hasSize(1);
        assertThat(index.select("section#rounds a")).extracting(a -> a.attr("href"))
                .containsExactly("round-" + RoundFixture.ID + "/round.html");
        assertThat(index.select("section.run")).as("the fixture's run folders have no points.csv").isEmpty();
        assertThat(index.select("#unreadable")).isEmpty();
    }

    /** Every width the page fixes in pixels: CSS widths and min-widths, style attributes and width attributes. */
    static List<Integer> fixedWidths(Document page) {
        List<Integer> widths = new ArrayList<>();
        Pattern px = Pattern.compile("(?:^|[;{\\s])(?:min-)?width\\s*:\\s*(\\d+)px");
        List<String> styles = new ArrayList<>();
        page.select("style").forEach(s -> styles.add(s.data()));
        page.select("[style]").forEach(e -> styles.add(e.attr("style")));
        for (String css : styles) {
            Matcher m = px.matcher(css);
            while (m.find()) {
                widths.add(Integer.parseInt(m.group(1)));
            }
        }
        page.select("[width]").forEach(e -> widths.add(Integer.parseInt(e.attr("width").replace("px", ""))));
        return widths;
    }

    static RoundCell cell(RoundReport.Result result, String scenario, String target) {
        return result.rows().stream().filter(c -> c.point().scenario().equals(scenario) && c.target().equals(target))
                .findFirst().orElseThrow(() -> new AssertionError("no cell " + scenario + "/" + target));
    }

    /** The lines of the first Markdown table after the line starting with {@code after}, or starting with it. */
    static List<String> table(String md, String after) {
        List<String> lines = md.lines().dropWhile(l -> !l.startsWith(after)).toList();
        return lines.stream().dropWhile(l -> !l.startsWith("|")).takeWhile(l -> l.startsWith("|")).toList();
    }
}
