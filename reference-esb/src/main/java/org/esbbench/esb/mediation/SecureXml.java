package org.esbbench.esb.mediation;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;

/**
 * Namespace-aware DOM parsing with DTDs refused (core's hardened parser factory), and DOM
 * serialisation. Builders and serialisers are not thread-safe and are costly to create, so each
 * thread keeps one and resets it between messages.
 */
public final class SecureXml {

    private static final DocumentBuilderFactory FACTORY = XmlDocuments.newHardenedFactory();
    // The JDK's built-in serialiser on purpose: Saxon on the classpath would otherwise be picked.
    private static final TransformerFactory SERIALIZERS = TransformerFactory.newDefaultInstance();

    private static final ThreadLocal<DocumentBuilder> BUILDER = ThreadLocal.withInitial(SecureXml::newBuilder);
    private static final ThreadLocal<Transformer> SERIALIZER = ThreadLocal.withInitial(SecureXml::newSerializer);

    private static final ErrorHandler FAIL_FAST = XmlDocuments.rethrowingErrors();

    private SecureXml() {
    }

    /** @throws SAXException when {@code xml} is not well-formed (or declares a DTD) */
    public static Document parse(byte[] xml) throws SAXException {
        DocumentBuilder builder = BUILDER.get();
        try {
            return builder.parse(new ByteArrayInputStream(xml));
        } catch (IOException e) {
            throw new IllegalStateException("Reading from memory failed", e);
        } finally {
            builder.reset();
            builder.setErrorHandler(FAIL_FAST);
        }
    }

    public static DocumentBuilder builder() {
        return BUILDER.get();
    }

    /** UTF-8 bytes of {@code node}, without an XML declaration. */
    public static byte[] serialize(Node node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        Transformer serializer = SERIALIZER.get();
        try {
            serializer.transform(new DOMSource(node), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("Serialising a DOM failed", e);
        } finally {
            serializer.reset();
            configure(serializer);
        }
        return out.toByteArray();
    }

    private static DocumentBuilder newBuilder() {
        try {
            DocumentBuilder builder = FACTORY.newDocumentBuilder();
            builder.setErrorHandler(FAIL_FAST);
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Transformer newSerializer() {
        try {
            Transformer transformer = SERIALIZERS.newTransformer();
            configure(transformer);
            return transformer;
        } catch (javax.xml.transform.TransformerConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void configure(Transformer transformer) {
        transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
        transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
    }
}
