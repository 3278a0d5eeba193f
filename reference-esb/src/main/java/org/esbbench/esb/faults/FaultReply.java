package org.esbbench.esb.faults;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place a failed exchange becomes a reply: classifies the caught exception, logs exactly one
 * line, and replaces the message with a fault in the route's format. Used from {@code onException}, so
 * the route's other requests are unaffected.
 */
public final class FaultReply implements Processor {

    /** How a route's clients expect errors. */
    public enum Format { SOAP, JSON }

    /** Header (or JMS property) that carries the fault's status on replies without an HTTP status line. */
    public static final String STATUS_HEADER = "esbFaultStatus";

    /**
     * Exchange property set once the backend has replied: a parse failure after that point is about the
     * backend's reply, not the client's request, so it becomes 502 instead of 400.
     */
    public static final String BACKEND_REPLIED = "esbBackendReplied";

    private static final Logger LOG = LoggerFactory.getLogger(FaultReply.class);

    private final FaultClassifier classifier;
    private final Format format;
    private final String backendEndpointUri;

    /**
     * @param backendEndpointUri the resolved URI of the backend producer, to tell backend failures
     *                           (502/504) from failures inside the route (4xx/500)
     */
    public FaultReply(FaultClassifier classifier, Format format, String backendEndpointUri) {
        this.classifier = classifier;
        this.format = format;
        this.backendEndpointUri = backendEndpointUri;
    }

    @Override
    public void process(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        String failedAt = exchange.getProperty(Exchange.FAILURE_ENDPOINT, String.class);
        boolean atBackend = failedAt != null && failedAt.equals(backendEndpointUri);
        Fault fault = failure == null
                ? Fault.server(500, "Internal error")
                : classifier.classify(failure, atBackend);
        if (fault.status() == 400 && exchange.getProperty(BACKEND_REPLIED, false, Boolean.class)) {
            fault = Fault.server(502, "Backend reply could not be processed: " + fault.reason());
        }
        LOG.warn("{} -> {} {}", exchange.getFromRouteId(), fault.status(), fault.reason());
        write(exchange.getMessage(), fault, format);
    }

    /**
     * A processor for routes that turn a request away on purpose (a routing decision, not an error):
     * it writes the fault without logging.
     */
    public static Processor reject(Fault fault, Format format) {
        return exchange -> write(exchange.getMessage(), fault, format);
    }

    /** Writes {@code fault} as the reply. */
    public static void write(Message message, Fault fault, Format format) {
        // Request headers must not leak into the reply (Camel copies message headers to the response).
        message.removeHeaders("*");
        if (format == Format.JSON) {
            message.setBody(FaultBodies.json(fault));
            message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.JSON_CONTENT_TYPE);
        } else {
            message.setBody(FaultBodies.soap(fault));
            message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
        }
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, fault.status());
        message.setHeader(STATUS_HEADER, fault.status());
    }
}
