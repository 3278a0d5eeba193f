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

    public Document document() {
        return document;
    }

    public Element body() {
        return body;
    }
}
