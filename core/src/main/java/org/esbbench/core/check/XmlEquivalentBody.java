package org.esbbench.core.check;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * {@code xslt}: the reply must be XML-equivalent to the request, i.e. have the same exclusive canonical
 * form (Santuario), whatever the serialisation details of the server's transformer.
 */
final class XmlEquivalentBody implements BodyCheck {

    private final byte[] expectedCanonical;

    XmlEquivalentBody(byte[] request) {
        this.expectedCanonical = XmlDocuments.canonicalize(ExpectationDocuments.xml(request));
    }

    @Override
    public String difference(byte[] body) {
        Document reply;
        try {
            reply = XmlDocuments.parse(body);
        } catch (SAXException e) {
            return "reply is not well-formed XML: " + e.getMessage();
        }
        String difference = Differences.describe("canonical reply", expectedCanonical, XmlDocuments.canonicalize(reply));
        return difference == null ? null : "not XML-equivalent to the request: " + difference;
    }
}
