package org.esbbench.esb.mediation;

import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.w3c.dom.Document;

/**
 * The request envelope a content-based route decides on: parsed once into a DOM kept beside the message (an
 * exchange property), so XPath predicates can inspect it while the body stays the original bytes, forwarded
 * unchanged. The DOM is released as soon as the route has decided.
 */
public final class RoutingEnvelope {

    /** Exchange property holding the parsed request envelope. */
    public static final String DOM_PROPERTY = "esbRequestDom";

    /** Parses the SOAP request envelope (400 if it is missing or malformed) and keeps it beside the body. */
    public static final Processor PARSE = exchange -> {
        byte[] body = RequestBody.requireBytes(exchange);
        Document envelope = SoapEnvelopes.parseEnvelope(body);
        exchange.setProperty(DOM_PROPERTY, envelope);
    };

    /** Drops the DOM once routing has decided, so it does not live on while the backend answers. */
    public static final Processor RELEASE = exchange -> exchange.removeProperty(DOM_PROPERTY);

    private RoutingEnvelope() {
    }

    public static Document of(Exchange exchange) {
        return exchange.getProperty(DOM_PROPERTY, Document.class);
    }
}
