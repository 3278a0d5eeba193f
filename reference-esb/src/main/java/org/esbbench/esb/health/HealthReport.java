package org.esbbench.esb.health;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.Route;
import org.apache.camel.ServiceStatus;
import org.esbbench.esb.broker.BrokerProbe;

/**
 * Answers GET /health: 200 when every route is started and the broker is up, 503 otherwise, with a
 * small JSON document saying which part is down.
 */
public final class HealthReport implements Processor {

    private final BrokerProbe broker;

    public HealthReport(BrokerProbe broker) {
        this.broker = broker;
    }

    @Override
    public void process(Exchange exchange) {
        CamelContext context = exchange.getContext();
        Map<String, String> routes = new TreeMap<>();
        boolean up = context.isStarted();
        for (Route route : context.getRoutes()) {
            ServiceStatus status = context.getRouteController().getRouteStatus(route.getRouteId());
            routes.put(route.getRouteId(), String.valueOf(status));
            up &= status != null && status.isStarted();
        }
        boolean brokerUp = broker.isUp();
        up &= brokerUp;

        StringBuilder json = new StringBuilder(256)
                .append("{\"status\":\"").append(up ? "UP" : "DOWN").append('"')
                .append(",\"broker\":\"").append(brokerUp ? "UP" : "DOWN").append('"')
                .append(",\"routes\":{");
        routes.forEach((id, status) -> json.append('"').append(id).append("\":\"").append(status).append("\","));
        if (!routes.isEmpty()) {
            json.setLength(json.length() - 1);
        }
        json.append("}}");

        Message reply = exchange.getMessage();
        reply.removeHeaders("*");
        reply.setBody(json.toString().getBytes(StandardCharsets.UTF_8));
        reply.setHeader(Exchange.CONTENT_TYPE, "application/json");
        reply.setHeader(Exchange.HTTP_RESPONSE_CODE, up ? 200 : 503);
    }
}
