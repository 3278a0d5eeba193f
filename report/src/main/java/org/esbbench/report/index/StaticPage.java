package org.esbbench.report.index;

import java.nio.charset.StandardCharsets;

import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;

/**
 * The frame of a page the results folder holds (the results index, a comparison): UTF-8, its CSS inline and
 * nothing fetched, so the folder can be copied or zipped and read without a network.
 */
public final class StaticPage {
    private final Document document;
    private final Element body;

    private StaticPage(Document document, Element body) {
        this.document = document;
        this.body = body;
    }

    /** An empty page with this title and style, its body ready to fill. */
    public static StaticPage create(String title, String css) {
        Document doc = new Document("");
        doc.outputSettings().charset(StandardCharsets.UTF_8);
        doc.appendChild(new DocumentType("html", "", ""));
        Element html = doc.appendElement("html").attr("lang", "en");
        Element head = html.appendElement("head");
        head.appendElement("meta").attr("charset", "utf-8");
        head.appendElement("meta").attr("name", "viewport").attr("content", "width=device-width, initial-scale=1");
        head.appendElement("title").text(title);
        head.appendElement("style").appendChild(new DataNode(css));
        return new StaticPage(doc, html.appendElement("body"));
    }

    /** Marks every image loaded or broken once the page has loaded, so a headless browser's DOM dump shows it. */
    private static final String LAYOUT_CHECK = """
            window.addEventListener('load', function () {
              document.querySelectorAll('img').forEach(function (img) {
                img.setAttribute('data-loaded', String(img.complete && img.naturalWidth > 0));
              });
              document.body.setAttribute('data-images-checked', 'true');
              // the layout as rendered: wider content than the window means the page scrolls sideways
              document.body.setAttribute('data-scroll-width', String(document.documentElement.scrollWidth));
              document.body.setAttribute('data-viewport-width', String(window.innerWidth));
            });
            """;

    /**
     * Appends the small script that, once the page has loaded, marks each image {@code data-loaded="true"/"false"}
     * and the body with the laid-out width and the window's ({@code data-scroll-width}, {@code data-viewport-width}):
     * what a test reads from a headless browser's DOM dump to see that every chart loads and nothing scrolls sideways.
     */
    public void appendLayoutCheck() {
        body.appendElement("script").appendChild(new DataNode(LAYOUT_CHECK));
    }

    public Document document() {
        return document;
    }

    public Element body() {
        return body;
    }
}
