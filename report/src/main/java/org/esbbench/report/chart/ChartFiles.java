package org.esbbench.report.chart;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;

import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a chart as a PNG and, beside it, an SVG of the same name (for reports that scale or print).
 */
public final class ChartFiles {

    /** Readable on a laptop screen and in a Markdown or HTML report without scaling. */
    static final int WIDTH = 800;
    static final int HEIGHT = 500;

    static {
        // Charts are drawn on servers and in CI without a display. AWT reads this property once, on first use,
        // so it must be set before any chart is drawn; an explicit choice by the caller is left alone.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        // JFreeChart draws rotated text (the value axis title) through a TextLayout by default, a workaround for a
        // long-fixed JDK bug; JFreeSVG writes that as glyph outlines, so the title would not be text in the SVG.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartFiles() {
    }

    /** Makes sure the headless setting above is in place: call before building any chart object. */
    public static void init() {
        // The static initialiser does the work; this method only forces the class to load.
    }

    /**
     * Writes {@code pngFile} and the {@code .svg} beside it.
     *
     * @return the two files written, PNG first
     */
    public static List<Path> write(JFreeChart chart, Path pngFile) throws IOException {
        String name = pngFile.getFileName().toString();
        if (!name.endsWith(".png")) {
            throw new IllegalArgumentException("chart file must end in .png: " + pngFile);
        }
        Path parent = pngFile.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path svgFile = pngFile.resolveSibling(name.substring(0, name.length() - ".png".length()) + ".svg");

        ChartUtils.saveChartAsPNG(pngFile.toFile(), chart, WIDTH, HEIGHT);

        SVGGraphics2D svg = new SVGGraphics2D(WIDTH, HEIGHT);
        chart.draw(svg, new Rectangle(0, 0, WIDTH, HEIGHT));
        SVGUtils.writeToSVG(svgFile.toFile(), svg.getSVGElement());
        return List.of(pngFile, svgFile);
    }
}
