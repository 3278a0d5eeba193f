package org.esbbench.esb.mediation;

import javax.xml.XMLConstants;

import org.esbbench.esb.faults.MalformedRequestException;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** SOAP 1.1 envelope structure: parsing with checks, and finding the Header and Body. */
public final class SoapEnvelopes {

    public static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";

    private SoapEnvelopes() {
    }

    /**
     * Parses {@code xml} and checks it is a SOAP 1.1 envelope with a Body.
     *
     * @throws MalformedRequestException when it is not well-formed or not such an envelope
     */
    public static Document parseEnvelope(byte[] xml) {
        Document document;
        try {
            document = SecureXml.parse(xml);
        } catch (SAXException e) {
            throw new MalformedRequestException("Malformed XML: " + e.getMessage(), e);
        }
        Element envelope = document.getDocumentElement();
        if (!isSoap(envelope, "Envelope")) {
            throw new MalformedRequestException("Not a SOAP 1.1 envelope: root element is {"
                    + envelope.getNamespaceURI() + "}" + envelope.getLocalName());
        }
        if (body(document) == null) {
            throw new MalformedRequestException("SOAP envelope has no Body");
        }
        return document;
    }

    public static Element header(Document envelope) {
        return soapChild(envelope.getDocumentElement(), "Header");
    }

    public static Element body(Document envelope) {
        return soapChild(envelope.getDocumentElement(), "Body");
    }

    /** A new, empty envelope ({@code soapenv:Envelope/soapenv:Body}) with {@code like}'s namespace declarations. */
    public static Document newEnvelopeLike(Document like) {
        Document fresh = SecureXml.builder().newDocument();
        Element envelope = fresh.createElementNS(SOAP11_NS, "soapenv:Envelope");
        envelope.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:soapenv", SOAP11_NS);
        // Declarations made on the old envelope may be used by QName-valued content (xsi:type="m:...").
        NamedNodeMap attributes = like.getDocumentElement().getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr attribute = (Attr) attributes.item(i);
            if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attribute.getNamespaceURI())
                    && !"soapenv".equals(attribute.getLocalName())) {
                envelope.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, attribute.getName(), attribute.getValue());
            }
        }
        fresh.appendChild(envelope);
        envelope.appendChild(fresh.createElementNS(SOAP11_NS, "soapenv:Body"));
        return fresh;
    }

    static boolean isSoap(Node node, String localName) {
        return node.getNodeType() == Node.ELEMENT_NODE
                && SOAP11_NS.equals(node.getNamespaceURI())
                && localName.equals(node.getLocalName());
    }

    private static Element soapChild(Element parent, String localName) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (isSoap(child, localName)) {
                return (Element) child;
            }
        }
        return null;
    }
}
