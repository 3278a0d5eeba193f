package org.esbbench.core.check;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * {@code soap}: the reply is a SOAP 1.1 envelope whose Body content equals the request's. Content means
 * the canonical form (exclusive C14N) of each child element of the Body and any text between them that
 * is not just layout whitespace: the envelope around it (prefix, headers, formatting) may change.
 */
final class SoapBodyContent implements BodyCheck {

    private final byte[] expected;

    SoapBodyContent(byte[] request) {
        this.expected = of(ExpectationDocuments.soap(request));
    }

    @Override
    public String difference(byte[] body) {
        Document reply;
        try {
            reply = XmlDocuments.parse(body);
        } catch (SAXException e) {
            return "reply is not well-formed XML: " + e.getMessage();
        }
        return differenceFrom(reply);
    }

    /** Compares an already parsed envelope (the ws-security check's decrypted reply). */
    String differenceFrom(Document reply) {
        if (!XmlDocuments.isSoap11Envelope(reply)) {
            Element root = reply.getDocumentElement();
            return "reply is not a SOAP 1.1 envelope: root element {" + root.getNamespaceURI() + "}" + root.getLocalName();
        }
        if (XmlDocuments.soapBody(reply) == null) {
            return "reply envelope has no Body";
        }
        String difference = Differences.describe("canonical Body content", expected, of(reply));
        return difference == null ? null : "Body content differs from the request's: " + difference;
    }

    static byte[] of(Document envelope) {
        Element body = XmlDocuments.soapBody(envelope);
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        for (Node child = body.getFirstChild(); child != null; child = child.getNextSibling()) {
            switch (child.getNodeType()) {
                case Node.ELEMENT_NODE -> out.writeBytes(XmlDocuments.canonicalize(child));
                case Node.TEXT_NODE, Node.CDATA_SECTION_NODE -> {
                    String text = child.getNodeValue();
                    if (!text.isBlank()) {
                        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
                    }
                }
                default -> {
                    // comments and processing instructions are not content
                }
            }
        }
        return out.toByteArray();
    }
}
