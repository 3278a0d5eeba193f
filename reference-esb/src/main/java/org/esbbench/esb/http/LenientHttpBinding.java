package org.esbbench.esb.http;

import java.util.Map;

import io.netty.handler.codec.http.HttpRequest;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.component.netty.http.DefaultNettyHttpBinding;
import org.apache.camel.component.netty.http.NettyHttpConfiguration;
import org.apache.camel.component.netty.http.NettyHttpHeaderFilterStrategy;
import org.esbbench.esb.faults.MalformedRequestException;

/**
 * camel-netty-http's binding, made to never drop a request. The default binding turns the request line
 * and headers into Camel headers while it builds the exchange, before the route runs: an exception there
 * (a {@code %zz} escape in the path or query, for example) escapes the route's error handler, the
 * consumer logs it at DEBUG and closes the connection without a reply. Here such a failure is kept on
 * the exchange instead, and {@link #rejectIfUnreadable} (the first step of every HTTP route) turns it
 * into a 400 fault in the route's format, logged once by the route's fault handler.
 */
public final class LenientHttpBinding extends DefaultNettyHttpBinding {

    /** Exchange property with the reason the request line or headers could not be read. */
    public static final String UNREADABLE = "esbUnreadableRequest";

    public LenientHttpBinding() {
        // The component's default binding filters Camel's internal headers the same way.
        super(new NettyHttpHeaderFilterStrategy());
    }

    @Override
    public void populateCamelHeaders(HttpRequest request, Map<String, Object> headers, Exchange exchange,
                                     NettyHttpConfiguration configuration) throws Exception {
        try {
            super.populateCamelHeaders(request, headers, exchange, configuration);
        } catch (Exception e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            exchange.setProperty(UNREADABLE, "Malformed request line or headers: " + reason);
        }
    }

    /** Route step: fails the exchange (400) when the binding could not read the request. */
    public static void rejectIfUnreadable(Exchange exchange) {
        String reason = exchange.getProperty(UNREADABLE, String.class);
        if (reason != null) {
            Message message = exchange.getMessage();
            message.setBody(null);
            throw new MalformedRequestException(reason);
        }
    }
}
