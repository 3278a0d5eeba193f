package org.esbbench.report.index;

import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A results folder as runs leave it: two runs (the newer one in a folder whose name has a space, to exercise
 * URL encoding), charts as real PNGs, one dashboard present and one missing, a {@code latest} link, a README
 * and a run folder that never got its points.csv.
 */
public final class ResultsFolderFixture {
    public static final String OLDER = "20261121-090000-reference";
    public static final String NEWER = "20261122-100000 mi";
    public static final String NEWER_ID = "20261122-100000-mi";
    public static final Point DIRECT = new Point("direct", 10, 1024, 0);
    public static final Point XSLT = new Point("xslt", 50, 10240, 500);
    /** Charts of the newer run, relative to its folder. */
    public static final List<String> NEWER_CHARTS = List.of("charts/direct-users-throughput_per_s.png", "charts/direct-users-p99_ms.png",
            "charts/direct-users-mean_ms.png", "charts/direct_u10_s1024_d0_r1-latency.png");
    /** Of {@link #NEWER_CHARTS}, those the page shows as images (throughput and p99 against load). */
    public static final List<String> NEWER_LEAD_CHARTS = NEWER_CHARTS.subList(0, 2);
    public static final String OLDER_CHART = "charts/direct-users-throughput_per_s.png";

    private ResultsFolderFixture() {
    }

    public static Path build(Path results) throws IOException {
        new RunFolderFixture(results.resolve(OLDER), OLDER).startedAt("2026-11-21T09:00:00Z")
                .parameter("note", "<b>bold</b> & \"quoted\"")
                .point(DIRECT, 12, 900, 950)
                .write();
        png(results.resolve(OLDER).resolve(OLDER_CHART), Color.BLUE);

        Path newer = results.resolve(NEWER);
        new RunFolderFixture(newer, NEWER_ID).startedAt("2026-11-22T10:00:00Z").set("outcome", "failed")
                .row(RunFolderFixture.row(DIRECT, 1, 1000, 10, 50.0, "dashboards/direct_u10_s1024_d0_r1/index.html"))
                .row(RunFolderFixture.row(DIRECT, 2, 1100, 11, 52.0, "dashboards/direct_u10_s1024_d0_r2/index.html"))
                .row(RunFolderFixture.row(XSLT, 1, 300, 600, null, ""))
                .write();
        Files.createDirectories(newer.resolve("dashboards/direct_u10_s1024_d0_r1"));
        Files.writeString(newer.resolve("dashboards/direct_u10_s1024_d0_r1/index.html"),
                "<!DOCTYPE html><html><body><h1>dashboard</h1></body></html>");
        Files.writeString(newer.resolve(RunLayout.SUMMARY_MD), "# summary\n");
        for (String chart : NEWER_CHARTS) {
            png(newer.resolve(chart), Color.RED);
        }
        Files.writeString(newer.resolve("charts/direct-users-throughput_per_s.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");

        Files.createSymbolicLink(results.resolve("latest"), Path.of(NEWER));
        Files.writeString(results.resolve("README.md"), "# results\n");
        Files.createDirectories(results.resolve("20261122-110000-down"));
        Files.writeString(results.resolve("20261122-110000-down/run.json"), "{\"runId\":\"down\",\"outcome\":\"failed\"}");
        return results;
    }

    private static void png(Path file, Color colour) throws IOException {
        Files.createDirectories(file.getParent());
        BufferedImage image = new BufferedImage(40, 20, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(colour);
            g.fillRect(0, 0, 40, 20);
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer");
        }
    }
}
