package org.esbbench.esb.mediation;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.esbbench.esb.faults.BadGatewayReplyException;
import org.esbbench.esb.faults.FaultBodies;
import org.esbbench.esb.faults.MalformedRequestException;
import org.esbbench.esb.faults.MustUnderstandException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The {@code soap} scenario's mediation, as a SOAP intermediary does it: the request envelope is parsed,
 * its header blocks are processed and removed, the Body content goes into a new envelope for the
 * backend; the backend's reply envelope is parsed and returned.
 */
public final class SoapMediation {

    /** Exchange property holding the value of the {@code {http://someuri}routing} header, once processed. */
    public static final String ROUTING_PROPERTY = "esbSoapRouting";

    static final String ROUTING_NS = "http://someuri";
    private static final String MUST_UNDERSTAND = "mustUnderstand";

    private SoapMediation() {
    }

    public static void request(Exchange exchange) {
        Message message = exchange.getMessage();
        Document request = SoapEnvelopes.parseEnvelope(RequestBody.requireBytes(message));
        processHeaders(exchange, request);

        Document forward = SoapEnvelopes.newEnvelopeLike(request);
        Element newBody = SoapEnvelopes.body(forward);
        Element oldBody = SoapEnvelopes.body(request);
        for (Node child = oldBody.getFirstChild(); child != null; child = child.getNextSibling()) {
            newBody.appendChild(forward.importNode(child, true));
        }
        message.setBody(SecureXml.serialize(forward));
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    public static void reply(Exchange exchange) {
        Message message = exchange.getMessage();
        byte[] reply = message.getBody(byte[].class);
        if (reply == null || reply.length == 0) {
            throw new BadGatewayReplyException("Backend replied with an empty body", null);
        }
        Document envelope;
        try {
            envelope = SoapEnvelopes.parseEnvelope(reply);
        } catch (MalformedRequestException e) {
            throw new BadGatewayReplyException("Backend reply is not a SOAP envelope: " + e.getMessage(), e);
        }
        message.setBody(SecureXml.serialize(envelope));
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    /**
     * Header blocks this server understands are consumed (the routing block is kept as an exchange
     * property); a block it does not understand but must (mustUnderstand="1") is a fault; the rest
     * are dropped, as SOAP 1.1 allows. No header block reaches the backend: the new envelope has none.
     */
    private static void processHeaders(Exchange exchange, Document request) {
        Element header = SoapEnvelopes.header(request);
        if (header == null) {
            return;
        }
        for (Node block = header.getFirstChild(); block != null; block = block.getNextSibling()) {
            if (block.getNodeType() != Node.ELEMENT_NODE) {
                continue;
            }
            Element element = (Element) block;
            if (ROUTING_NS.equals(element.getNamespaceURI()) && "routing".equals(element.getLocalName())) {
                exchange.setProperty(ROUTING_PROPERTY, element.getTextContent());
            } else if (isTrue(element.getAttributeNS(SoapEnvelopes.SOAP11_NS, MUST_UNDERSTAND))) {
                throw new MustUnderstandException("{" + element.getNamespaceURI() + "}" + element.getLocalName());
            }
        }
    }

    private static boolean isTrue(String value) {
        return "1".equals(value) || "true".equals(value);
    }
}
