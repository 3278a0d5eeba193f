package org.esbbench.esb.routes;

import jakarta.jms.TextMessage;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.component.jms.JmsMessage;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultBodies;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.faults.MissingBodyException;

/**
 * {@code jms}: request-reply over JMS. A listener consumes the request queue, the body is POSTed to the
 * backend, and the backend's body is the reply. Camel sends the reply to the request's JMSReplyTo by
 * itself, with JMSCorrelationID set to the request's JMSCorrelationID, or to the request's JMSMessageID
 * when the request has none: both ways JMeter's request-reply sampler correlates work.
 *
 * <p>The reply has the request's message type (TextMessage in, TextMessage out; else BytesMessage)
 * because JMeter reads only text replies. Headers are cleared on both hops: JMS headers must not become
 * HTTP headers, and HTTP headers must not become JMS properties.
 */
public final class JmsRoute extends ScenarioRouteBuilder {

    private static final String TEXT_REQUEST = "esbJmsTextRequest";

    public JmsRoute(long backendTimeoutMs) {
        super(Scenario.JMS, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected String consumerUri() {
        return "jms:queue:{{esb.endpoint.jms:" + scenario().defaultEndpoint() + "}}?{{esb.jms.consumerOptions}}";
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(JmsRoute::prepareHttpRequest), backend)
            .process(JmsRoute::prepareJmsReply);
    }

    private static void prepareHttpRequest(Exchange exchange) {
        Message message = exchange.getMessage();
        boolean text = message instanceof JmsMessage jms && jms.getJmsMessage() instanceof TextMessage;
        exchange.setProperty(TEXT_REQUEST, text);
        byte[] body = message.getBody(byte[].class);
        if (body == null || body.length == 0) {
            throw new MissingBodyException();
        }
        message.removeHeaders("*");
        message.setBody(body);
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    @Override
    protected void afterFault(Exchange exchange) {
        // The fault keeps its esbFaultStatus header: it becomes a JMS property of the reply.
        asRequestType(exchange);
    }

    private static void prepareJmsReply(Exchange exchange) {
        exchange.getMessage().removeHeaders("*");
        asRequestType(exchange);
    }

    private static void asRequestType(Exchange exchange) {
        Message message = exchange.getMessage();
        if (exchange.getProperty(TEXT_REQUEST, false, Boolean.class)) {
            message.setBody(message.getBody(String.class));
        } else {
            message.setBody(message.getBody(byte[].class));
        }
    }
}
