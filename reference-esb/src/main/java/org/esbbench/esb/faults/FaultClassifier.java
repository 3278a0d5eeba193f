package org.esbbench.esb.faults;

import java.net.ConnectException;
import java.net.SocketTimeoutException;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.handler.timeout.ReadTimeoutException;
import org.apache.camel.ExchangeTimedOutException;
import org.esbbench.core.wssec.WsSecurityFailure;
import org.xml.sax.SAXException;

/**
 * Maps what went wrong to the reply the client gets. The cause chain is walked from the outermost
 * exception inwards and the first recognised type decides, so an explicit wrapper (for example
 * {@link BadGatewayReplyException} around a parser error in a backend reply) wins over its cause.
 *
 * <p>Status choices: malformed or missing input is the client's fault (400). WS-Security failures and
 * SOAP processing faults are 500 with a SOAP fault, as the SOAP 1.1 HTTP binding (section 6.2)
 * prescribes for faults. Anything that failed while calling the backend is 502, and a backend slower
 * than the configured timeout is 504, the gateway statuses of RFC 9110.
 */
public final class FaultClassifier {

    private final long backendTimeoutMs;

    public FaultClassifier(long backendTimeoutMs) {
        this.backendTimeoutMs = backendTimeoutMs;
    }

    /**
     * @param failure         what was thrown
     * @param failedAtBackend whether it was thrown by the producer that calls the backend
     */
    public Fault classify(Throwable failure, boolean failedAtBackend) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Fault fault = recognise(t);
            if (fault != null) {
                return fault;
            }
        }
        if (failedAtBackend) {
            if (noValidConnection(failure)) {
                return Fault.server(502, "Backend unavailable: no usable connection to it (the new connection was"
                        + " closed before it could be used)");
            }
            return Fault.server(502, "Backend call failed: " + describe(failure));
        }
        return Fault.server(500, "Internal error: " + describe(failure));
    }

    private Fault recognise(Throwable t) {
        if (t instanceof ReadTimeoutException || t instanceof ExchangeTimedOutException
                || t instanceof SocketTimeoutException) {
            return Fault.server(504, "Backend did not reply within " + backendTimeoutMs + " ms");
        }
        if (t instanceof ConnectException) {
            return Fault.server(502, "Backend unavailable: " + describe(t));
        }
        if (t instanceof BadGatewayReplyException) {
            return Fault.server(502, t.getMessage());
        }
        if (t instanceof MissingBodyException) {
            return Fault.client(400, t.getMessage());
        }
        if (t instanceof MalformedRequestException) {
            return Fault.client(400, t.getMessage());
        }
        if (t instanceof MustUnderstandException) {
            return new Fault(500, Fault.MUST_UNDERSTAND, t.getMessage());
        }
        if (t instanceof WsSecurityFailure failure) {
            return new Fault(500, failure.faultCode(), "WS-Security processing failed: " + failure.getMessage());
        }
        if (t instanceof JsonProcessingException json) {
            return Fault.client(400, "Malformed JSON: " + json.getOriginalMessage());
        }
        if (t instanceof SAXException) {
            return Fault.client(400, "Malformed XML: " + t.getMessage());
        }
        return null;
    }

    /**
     * Whether the backend connection pool (commons-pool2 under camel-netty) made a connection that was no longer
     * open when checked: a backend that is down can still "accept" for an instant (seen on loopback, where a connect
     * to a port nobody listens on may meet another socket on it), which is the backend being unavailable, not a
     * failed call.
     */
    private static boolean noValidConnection(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.util.NoSuchElementException && "Unable to validate object".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }
}
