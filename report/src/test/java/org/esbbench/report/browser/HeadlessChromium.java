package org.esbbench.report.browser;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Renders a page of the results folder in headless Chromium (Debian's package, which scripts/ensure-chromium.sh
 * installs before the integration tests) in a 1280 px window and returns the DOM Chromium ends up with. The pages'
 * own inline script ({@code org.esbbench.report.index.StaticPage#appendLayoutCheck()}) marks each image loaded or not and the body with the
 * laid-out width, so the DOM dump shows them. A missing Chromium fails the test: the test command must render.
 */
public final class HeadlessChromium {
    private static final Path CHROMIUM = Path.of(System.getProperty("esbbench.chromium", "/usr/bin/chromium"));
    private static final long TIMEOUT_SECONDS = 90;
    /** The window's width: a laptop's browser window; no page may scroll sideways in it. */
    public static final int WIDTH = 1280;

    private HeadlessChromium() {
    }

    /** Runs Chromium's --dump-dom on the page; the process is always stopped, also on timeout or failure. */
    public static Document render(Path page, Path tmp) throws IOException, InterruptedException {
        if (!Files.isExecutable(CHROMIUM)) {
            fail(CHROMIUM + " is missing: scripts/ensure-chromium.sh installs Debian's chromium package "
                    + "(it runs before the integration tests unless -DskipTests/-DskipITs)");
        }
        Path out = tmp.resolve("dom.html");
        Path err = tmp.resolve("chromium.log");
        Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + tmp.resolve("chromium-profile"), "--virtual-time-budget=5000", "--window-size=" + WIDTH + ",900",
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

    /** The page, as Chromium laid it out in a 1280 px window, is no wider than the window. */
    public static void assertFits(Document dom) {
        assertThat(dom.body().attr("data-viewport-width")).as("the window's width").isEqualTo(String.valueOf(WIDTH));
        assertThat(Integer.parseInt(dom.body().attr("data-scroll-width"))).as("the page's width in a %d px window", WIDTH)
                .isLessThanOrEqualTo(WIDTH);
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
