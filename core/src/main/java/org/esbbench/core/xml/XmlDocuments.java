package org.esbbench.core.xml;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.apache.xml.security.c14n.CanonicalizationException;
import org.apache.xml.security.c14n.Canonicalizer;
import org.apache.xml.security.c14n.InvalidCanonicalizerException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * XML plumbing shared by the reply checks and WS-Security: hardened parsing (no DTDs, no external
 * entities), serialisation, exclusive canonicalisation (Apache Santuario) and finding SOAP 1.1 parts.
 * Thread-safe: parsers and serialisers are per thread, because JAXP instances are not.
 */
public final class XmlDocuments {

    public static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";

    private static final DocumentBuilderFactory FACTORY = newHardenedFactory();
    /**
     * The JDK's own identity transformer, whatever else is on the class path: {@code newInstance()} picks the first
     * factory it finds, Saxon in the reference server (through camel-saxon) and in JMeter (which ships Saxon-HE),
     * whose identity transform turns every DOM node into events through several pipeline stages; that was about
     * 12 % of the server's CPU per ws-security message (issue 16's profile).
     */
    private static final TransformerFactory TRANSFORMERS = TransformerFactory.newDefaultInstance();
    private static final ThreadLocal<DocumentBuilder> BUILDERS = ThreadLocal.withInitial(XmlDocuments::newBuilder);
    private static final ThreadLocal<Transformer> SERIALIZERS = ThreadLocal.withInitial(XmlDocuments::newSerializer);

    static {
        org.apache.xml.security.Init.init();
    }

    private XmlDocuments() {
    }

    /**
     * Parses namespace-aware; a document with a DTD is refused.
     *
     * @throws SAXException when {@code xml} is not well-formed (the message says where)
     */
    public static Document parse(byte[] xml) throws SAXException {
        DocumentBuilder builder = BUILDERS.get();
        builder.reset();
        builder.setErrorHandler(RethrowingErrors.INSTANCE);
        try {
            return builder.parse(new ByteArrayInputStream(xml));
        } catch (IOException e) {
            throw new UncheckedIOException("reading an in-memory document failed", e);
        }
    }

    /** A new empty document from the hardened factory. */
    public static Document newDocument() {
        return BUILDERS.get().newDocument();
    }

    /** UTF-8 bytes of the document, without an XML declaration. */
    public static byte[] serialize(Document document) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try {
            SERIALIZERS.get().transform(new DOMSource(document), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot serialise a DOM document: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /**
     * Exclusive XML canonicalisation without comments of {@code node} and its subtree: two documents are
     * XML-equivalent when their canonical forms are equal bytes, whatever their namespace declaration
     * placement, attribute order, quoting, character references or XML declaration.
     */
    public static byte[] canonicalize(Node node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try {
            Canonicalizer.getInstance(Canonicalizer.ALGO_ID_C14N_EXCL_OMIT_COMMENTS).canonicalizeSubtree(node, out);
        } catch (InvalidCanonicalizerException | CanonicalizationException e) {
            throw new IllegalStateException("cannot canonicalise: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /** The SOAP 1.1 Header of the envelope, or null. */
    public static Element soapHeader(Document envelope) {
        return soapChild(envelope.getDocumentElement(), "Header");
    }

    /** The SOAP 1.1 Body of the envelope, or null (also when the root is not a SOAP 1.1 Envelope). */
    public static Element soapBody(Document envelope) {
        return soapChild(envelope.getDocumentElement(), "Body");
    }

    public static boolean isSoap11Envelope(Document document) {
        Element root = document.getDocumentElement();
        return SOAP11_NS.equals(root.getNamespaceURI()) && "Envelope".equals(root.getLocalName());
    }

    private static Element soapChild(Element envelope, String localName) {
        if (!SOAP11_NS.equals(envelope.getNamespaceURI()) || !"Envelope".equals(envelope.getLocalName())) {
            return null;
        }
        for (Node child = envelope.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child.getNodeType() == Node.ELEMENT_NODE && SOAP11_NS.equals(child.getNamespaceURI())
                    && localName.equals(child.getLocalName())) {
                return (Element) child;
            }
        }
        return null;
    }

    /**
     * A namespace-aware DOM parser factory with DTDs refused (no entity expansion, no external fetches): the one
     * hardening every XML parse of the project uses.
     */
    public static DocumentBuilderFactory newHardenedFactory() {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setExpandEntityReferences(false);
        factory.setXIncludeAware(false);
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the XML parser cannot be hardened: " + e.getMessage(), e);
        }
        return factory;
    }

    private static DocumentBuilder newBuilder() {
        try {
            return FACTORY.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no XML parser: " + e.getMessage(), e);
        }
    }

    private static Transformer newSerializer() {
        try {
            Transformer transformer;
            synchronized (TRANSFORMERS) {
                transformer = TRANSFORMERS.newTransformer();
            }
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            return transformer;
        } catch (TransformerConfigurationException e) {
            throw new IllegalStateException("no XML serialiser: " + e.getMessage(), e);
        }
    }

    /** An error handler that turns parse errors into exceptions and prints nothing. */
    public static ErrorHandler rethrowingErrors() {
        return RethrowingErrors.INSTANCE;
    }

    /** The default handler prints to stderr and carries on; a reply check wants the exception only. */
    private enum RethrowingErrors implements ErrorHandler {
        INSTANCE;

        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    }
}
