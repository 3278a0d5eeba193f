package org.esbbench.core.wssec;

import java.io.ByteArrayOutputStream;

import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.w3c.dom.Document;

/**
 * Serialises the parties' documents with the JDK's own identity transformer, whatever else is on the class path.
 * {@code TransformerFactory.newInstance()} picks the first factory it finds: Saxon in the reference server (through
 * camel-saxon) and in JMeter (which ships Saxon-HE), where its identity transform turned every DOM node into events
 * through several pipeline stages and cost about 12 % of the server's CPU per ws-security message (issue 16's
 * profile). One transformer per thread: JAXP transformers are not thread-safe.
 */
final class DomSerializer {

    private static final TransformerFactory JDK_TRANSFORMERS = TransformerFactory.newDefaultInstance();
    private static final ThreadLocal<Transformer> SERIALIZERS = ThreadLocal.withInitial(DomSerializer::newSerializer);

    private DomSerializer() {
    }

    /** UTF-8 bytes of the document, without an XML declaration. */
    static byte[] serialize(Document document) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try {
            SERIALIZERS.get().transform(new DOMSource(document), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot serialise a DOM document: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static Transformer newSerializer() {
        try {
            Transformer transformer;
            synchronized (JDK_TRANSFORMERS) {
                transformer = JDK_TRANSFORMERS.newTransformer();
            }
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            return transformer;
        } catch (TransformerConfigurationException e) {
            throw new IllegalStateException("no XML serialiser: " + e.getMessage(), e);
        }
    }
}
