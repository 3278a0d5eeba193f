package org.esbbench.report.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jsoup.nodes.Document;

/**
 * A flame graph page as Chromium shows it: a copy of the page with a script after its own that writes onto the body
 * what the page's script built ({@code levels}, the frames of each level with their titles and widths): how many
 * frames, and the frames at least a tenth of the graph wide, so Chromium's DOM dump tells that the graph was drawn and
 * which frames are its widest. The page itself is not changed.
 */
public final class FlameGraphPage {
    private static final String PROBE = "<script>\n"
            + "(function () {\n"
            + "  var frames = 0, widest = [], root = levels[0] && levels[0][0];\n"
            + "  for (var h = 0; h < levels.length; h++) {\n"
            + "    frames += levels[h].length;\n"
            + "    for (var i = 0; i < levels[h].length; i++) {\n"
            + "      var f = levels[h][i];\n"
            + "      if (h > 0 && root && f.width * 10 >= root.width) widest.push(f.title);\n"
            + "    }\n"
            + "  }\n"
            + "  document.body.setAttribute('data-frames', frames);\n"
            + "  document.body.setAttribute('data-widest', widest.join('|'));\n"
            + "  document.body.setAttribute('data-canvas-width', document.getElementById('canvas').width);\n"
            + "})();\n"
            + "</script>\n";

    /** What Chromium drew of a flame graph. */
    public record Drawn(int frames, List<String> widest, int canvasWidth) {
    }

    private FlameGraphPage() {
    }

    /** Renders {@code page} (a flame graph) in Chromium, its files under {@code tmp}. */
    public static Drawn render(Path page, Path tmp) throws IOException, InterruptedException {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int end = html.lastIndexOf("</body>");
        Files.createDirectories(tmp);
        Path probed = tmp.resolve("probed-" + page.getFileName());
        Files.writeString(probed, end < 0 ? html + PROBE : html.substring(0, end) + PROBE + html.substring(end),
                StandardCharsets.UTF_8);
        Path chromiumTmp = Files.createDirectories(tmp.resolve("chromium-" + page.getFileName()));
        Document dom = HeadlessChromium.render(probed, chromiumTmp);
        String frames = dom.body().attr("data-frames");
        String widest = dom.body().attr("data-widest");
        String width = dom.body().attr("data-canvas-width");
        return new Drawn(frames.isEmpty() ? 0 : Integer.parseInt(frames),
                widest.isEmpty() ? List.of() : Arrays.asList(widest.split("\\|")),
                width.isEmpty() ? 0 : Integer.parseInt(width));
    }
}
