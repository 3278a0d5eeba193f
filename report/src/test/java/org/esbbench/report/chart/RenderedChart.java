package org.esbbench.report.chart;

import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads back a written chart: the PNG as an image, the SVG as XML. */
public final class RenderedChart {

    private RenderedChart() {
    }

    /**
     * Decodes the PNG and checks it is a real chart of the standard size: not blank, and showing each of the
     * given line colours somewhere (lines, markers or legend).
     */
    public static BufferedImage assertPng(Path png, Color... lineColours) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("decodable PNG %s", png).isNotNull();
        assertThat(image.getWidth()).isEqualTo(ChartFiles.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartFiles.HEIGHT);
        Set<Integer> colours = colours(image);
        // White, grid, axes, text and antialiased edges: a blank or failed drawing has one or two.
        assertThat(colours.size()).as("distinct colours in %s", png).isGreaterThan(20);
        for (Color c : lineColours) {
            assertThat(colours).as("line colour %06X in %s", c.getRGB() & 0xFFFFFF, png)
                    .contains(c.getRGB() & 0xFFFFFF);
        }
        return image;
    }

    public static Set<Integer> colours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                colours.add(image.getRGB(x, y) & 0xFFFFFF);
            }
        }
        return colours;
    }

    /** The text of every {@code <text>} element of the SVG, in document order; fails if it is not XML. */
    public static List<String> svgTexts(Path svg) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // The SVG names the W3C DTD: never fetch it (tests run offline).
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setNamespaceAware(true);
            Document doc = factory.newDocumentBuilder().parse(svg.toFile());
            assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
            NodeList texts = doc.getElementsByTagNameNS("*", "text");
            List<String> out = new ArrayList<>();
            for (int i = 0; i < texts.getLength(); i++) {
                out.add(texts.item(i).getTextContent());
            }
            return out;
        } catch (ParserConfigurationException | SAXException e) {
            throw new AssertionError("not a well-formed SVG: " + svg, e);
        }
    }
}
