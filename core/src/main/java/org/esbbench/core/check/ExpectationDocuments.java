package org.esbbench.core.check;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Parses the request a reply check's expectation is built from (the reply must match it). That request must itself
 * be valid: a broken expectation is the caller's error, so it is rejected with {@link IllegalArgumentException}.
 * (Not to be confused with the reference ESB's {@code RoutingEnvelope}, which parses the incoming request of a
 * content-based route.)
 */
final class ExpectationDocuments {

    private ExpectationDocuments() {
    }

    static Document xml(byte[] request) {
        try {
            return XmlDocuments.parse(request);
        } catch (SAXException e) {
            throw new IllegalArgumentException("the request is not well-formed XML: " + e.getMessage(), e);
        }
    }

    static Document soap(byte[] request) {
        Document document = xml(request);
        if (XmlDocuments.soapBody(document) == null) {
            throw new IllegalArgumentException("the request is not a SOAP 1.1 envelope with a Body");
        }
        return document;
    }
}
