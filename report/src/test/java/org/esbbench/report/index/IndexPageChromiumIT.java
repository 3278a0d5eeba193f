package org.esbbench.report.index;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Renders results/index.html in headless Chromium (Debian's package, which scripts/ensure-chromium.sh installs
 * before the integration tests) and checks the DOM Chromium ends up with: the run tables and every chart image
 * actually decoded. The page's own inline script marks each image {@code data-loaded="true"/"false"} after the
 * load event, so the DOM dump shows it. A missing Chromium fails the test: the test command must render the page.
 */
class IndexPageChromiumIT {
    private static final Path CHROMIUM = Path.of(System.getProperty("esbbench.chromium", "/usr/bin/chromium"));
    private static final long TIMEOUT_SECONDS = 90;

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
        assertThat(section(dom, ResultsFolderFixture.NEWER_ID).select("table.points tbody tr"))
                .extracting(r -> r.attr("data-point")).containsExactly("direct_u10_s1024_d0", "xslt_u50_s10240_d500");
        assertThat(section(dom, ResultsFolderFixture.OLDER).select("table.points tbody tr td"))
                .extracting(Element::text).startsWith("direct", "10", "1 KiB", "0", "", "2", "18500") // heap "": not varied
                .contains("925.00 [900.00–950.00]");
        List<Element> images = dom.select("img");
        assertThat(images).hasSize(ResultsFolderFixture.NEWER_CHARTS.size() + 1);
        assertThat(images).allSatisfy(img ->
                assertThat(img.attr("data-loaded")).as("image %s loaded", img.attr("src")).isEqualTo("true"));
    }

    @Test
    void aChartThatCannotBeLoadedIsMarkedBroken() throws Exception {
        Path results = ResultsFolderFixture.build(tmp.resolve("results"));
        Path index = ResultsIndex.write(results);
        Files.delete(results.resolve(ResultsFolderFixture.OLDER).resolve(ResultsFolderFixture.OLDER_CHART));

        Document dom = render(index);

        assertThat(dom.select("img[data-loaded=false]")).extracting(i -> i.attr("src"))
                .containsExactly(ResultsFolderFixture.OLDER + "/" + ResultsFolderFixture.OLDER_CHART);
        assertThat(dom.select("img[data-loaded=true]")).hasSize(ResultsFolderFixture.NEWER_CHARTS.size());
    }

    private static Element section(Document dom, String runId) {
        return dom.select("section.run").stream().filter(s -> s.attr("data-run").equals(runId)).findFirst().orElseThrow();
    }

    /** Runs Chromium's --dump-dom on the page; the process is always stopped, also on timeout or failure. */
    private Document render(Path page) throws IOException, InterruptedException {
        if (!Files.isExecutable(CHROMIUM)) {
            fail(CHROMIUM + " is missing: scripts/ensure-chromium.sh installs Debian's chromium package "
                    + "(it runs before the integration tests unless -DskipTests/-DskipITs)");
        }
        Path out = tmp.resolve("dom.html");
        Path err = tmp.resolve("chromium.log");
        Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + tmp.resolve("chromium-profile"), "--virtual-time-budget=5000",
                "--dump-dom", page.toUri().toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!chromium.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                fail("Chromium did not finish within " + TIMEOUT_SECONDS + " s; its log ends: " + tail(err));
            }
            assertThat(chromium.exitValue()).as("Chromium's exit code; its log ends: %s", tail(err)).isZero();
        } finally {
            stop(chromium);
        }
        String dom = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(dom).as("Chromium's DOM dump; its log ends: %s", tail(err)).contains("</html>");
        return Jsoup.parse(dom);
    }

    private static void stop(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.substring(Math.max(0, text.length() - 2000));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
