package org.esbbench.report.index;

import org.esbbench.report.browser.HeadlessChromium;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders results/index.html in headless Chromium ({@link HeadlessChromium}: Debian's package, which
 * scripts/ensure-chromium.sh installs before the integration tests) in a 1280 px window and checks the DOM Chromium
 * ends up with: the run tables, every chart image actually decoded, results before parameters and no sideways
 * scrolling. The page's own inline script marks each image {@code data-loaded="true"/"false"} after the load event,
 * with the page's laid-out width and the window's ({@code data-scroll-width}, {@code data-viewport-width}), so the
 * DOM dump shows them. A missing Chromium fails the test: the test command must render the page.
 */
class IndexPageChromiumIT {
    @TempDir
    Path tmp;

    @Test
    void chromiumShowsTheRunTablesAndLoadsEveryChart() throws Exception {
        Path results = ResultsFolderFixture.build(tmp.resolve("results"));
        Path index = ResultsIndex.write(results);

        Document dom = render(index);

        assertThat(dom.body().attr("data-images-checked")).as("the page's load handler ran").isEqualTo("true");
        assertThat(dom.select("table#runs tbody tr")).extracting(r -> r.attr("data-run"))
                .containsExactly(ResultsFolderFixture.NEWER_ID, ResultsFolderFixture.OLDER);
        assertThat(section(dom, ResultsFolderFixture.NEWER_ID).select("table.headline tbody tr"))
                .extracting(r -> r.attr("data-point")).containsExactly("direct_u10_s1024_d0", "xslt_u50_s10240_d500");
        assertThat(section(dom, ResultsFolderFixture.OLDER).select("table.headline tbody tr td"))
                .extracting(Element::text).startsWith("direct", "10", "1 KiB · 0 ms", "925.0 [900.0–950.0]");
        List<Element> images = dom.select("img");
        assertThat(images).hasSize(ResultsFolderFixture.NEWER_LEAD_CHARTS.size() + 1);
        assertThat(images).allSatisfy(img ->
                assertThat(img.attr("data-loaded")).as("image %s loaded", img.attr("src")).isEqualTo("true"));
    }

    /**
     * A run as a smoke run leaves it (eleven plans, both load models, every chart, run.json's parameters under two
     * names): its headline comes before its parameters, every image loads, and in a 1280 px window nothing makes
     * the page scroll sideways, also with every folded section open.
     */
    @Test
    void aRealisticRunLeadsWithItsResultsAndFitsA1280PixelWindow() throws Exception {
        Path results = RealisticRunFixture.build(tmp.resolve("results"));
        Path index = ResultsIndex.write(results);

        Document dom = render(index);

        Element run = section(dom, RealisticRunFixture.RUN_ID);
        List<Element> all = run.getAllElements();
        Element headline = run.selectFirst("table.headline");
        Element parameters = run.selectFirst("details.parameters");
        assertThat(headline).isNotNull();
        assertThat(parameters).isNotNull();
        assertThat(all.indexOf(headline)).as("the headline before the parameters").isLessThan(all.indexOf(parameters));
        assertThat(all.indexOf(run.selectFirst(".charts.lead"))).as("the lead charts before the parameters")
                .isLessThan(all.indexOf(parameters));
        assertThat(headline.select("thead th")).hasSizeLessThanOrEqualTo(12);
        assertThat(headline.select("tbody tr")).hasSize(2 * RealisticRunFixture.PLANS.size());
        // throughput and p99, each against users and against arrival rate (the fixture has both models)
        assertThat(run.select(".charts.lead img")).hasSize(2 * 2 * RealisticRunFixture.PLANS.size());
        assertThat(parameters.select("th")).extracting(Element::text)
                .contains("model", "size", "warmup", "rampup").doesNotContain("models", "sizeBytes", "warmupSeconds");
        assertThat(dom.select("img")).allSatisfy(img ->
                assertThat(img.attr("data-loaded")).as("image %s loaded", img.attr("src")).isEqualTo("true"));
        assertFits(dom);

        Path unfolded = results.resolve("unfolded.html");
        Files.writeString(unfolded, Files.readString(index, StandardCharsets.UTF_8).replace("<details", "<details open"),
                StandardCharsets.UTF_8);
        assertFits(render(unfolded));
    }

    @Test
    void aChartThatCannotBeLoadedIsMarkedBroken() throws Exception {
        Path results = ResultsFolderFixture.build(tmp.resolve("results"));
        Path index = ResultsIndex.write(results);
        Files.delete(results.resolve(ResultsFolderFixture.OLDER).resolve(ResultsFolderFixture.OLDER_CHART));

        Document dom = render(index);

        assertThat(dom.select("img[data-loaded=false]")).extracting(i -> i.attr("src"))
                .containsExactly(ResultsFolderFixture.OLDER + "/" + ResultsFolderFixture.OLDER_CHART);
        assertThat(dom.select("img[data-loaded=true]")).hasSize(ResultsFolderFixture.NEWER_LEAD_CHARTS.size());
    }

    private static Element section(Document dom, String runId) {
        return dom.select("section.run").stream().filter(s -> s.attr("data-run").equals(runId)).findFirst().orElseThrow();
    }

    private Document render(Path page) throws IOException, InterruptedException {
        return HeadlessChromium.render(page, tmp);
    }

    private static void assertFits(Document dom) {
        HeadlessChromium.assertFits(dom);
    }
}
