package org.esbbench.report.roundreport;

import org.esbbench.report.browser.HeadlessChromium;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders the round.html of a round as wide as a real one gets (five targets, every scenario, long flags, a failed
 * run) in headless Chromium in a 1280 px window: every chart loads and the page does not scroll sideways.
 */
class RoundPageChromiumIT {
    @TempDir
    Path tmp;

    @Test
    void aWideRoundFitsA1280PixelWindowWithEveryChartLoaded() throws Exception {
        Path roundDir = RoundFixture.wide(tmp.resolve("results"));
        RoundReport.write(roundDir, line -> { });

        Document dom = HeadlessChromium.render(roundDir.resolve("round.html"), tmp);

        assertThat(dom.body().attr("data-images-checked")).as("the page's load handler ran").isEqualTo("true");
        assertThat(dom.select("img")).hasSize(4).allSatisfy(img ->
                assertThat(img.attr("data-loaded")).as("image %s loaded", img.attr("src")).isEqualTo("true"));
        HeadlessChromium.assertFits(dom);
    }
}
