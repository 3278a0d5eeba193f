package org.esbbench.esb.mediation;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.StreamCache;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.faults.MissingBodyException;

/**
 * Access to the request body that rejects an empty one. Pass-through routes only look at its length
 * and leave the body untouched (it goes to the backend as the buffer Netty received); content-based
 * routes read it once as bytes.
 */
public final class RequestBody {

    /** A processor that fails with {@link MissingBodyException} when the body is empty. */
    public static final Processor REQUIRED = exchange -> requireNonEmpty(exchange.getMessage());

    private RequestBody() {
    }

    public static void requireNonEmpty(Message message) {
        Object body = message.getBody();
        if (body == null) {
            throw new MissingBodyException();
        }
        long length = -1;
        if (body instanceof StreamCache cache) {
            length = cache.length();
        } else if (body instanceof byte[] bytes) {
            length = bytes.length;
        } else if (body instanceof String text) {
            length = text.length();
        }
        if (length == 0) {
            throw new MissingBodyException();
        }
        if (length < 0) {
            // Unknown body type: fall back to reading it, which only the rare odd consumer needs.
            requireBytes(message);
        }
    }

    /** The whole body as bytes, read once and kept as the message body for later steps. */
    public static byte[] requireBytes(Message message) {
        byte[] bytes = message.getBody(byte[].class);
        if (bytes == null || bytes.length == 0) {
            throw new MissingBodyException();
        }
        message.setBody(bytes);
        return bytes;
    }

    public static byte[] requireBytes(Exchange exchange) {
        return requireBytes(exchange.getMessage());
    }

    /**
     * The backend's reply body read into a byte array (null stays null), and the mark that the backend
     * has replied: from here on a body that cannot be processed is the backend's fault (502).
     */
    public static void replyBytes(Exchange exchange) {
        Message message = exchange.getMessage();
        Object body = message.getBody();
        if (body != null && !(body instanceof byte[])) {
            message.setBody(message.getBody(byte[].class));
        }
        exchange.setProperty(FaultReply.BACKEND_REPLIED, true);
    }
}
