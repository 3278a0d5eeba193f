package org.esbbench.esb.routes;

import org.apache.camel.builder.RouteBuilder;
import org.esbbench.esb.broker.BrokerProbe;
import org.esbbench.esb.faults.FaultClassifier;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.http.LenientHttpBinding;
import org.esbbench.esb.health.HealthReport;

/** GET /health on the scenarios' HTTP port; the path is outside /services and /rest, so it collides with none. */
public final class HealthRoute extends RouteBuilder {

    public static final String DEFAULT_PATH = "/health";

    private final BrokerProbe broker;

    public HealthRoute(BrokerProbe broker) {
        this.broker = broker;
    }

    @Override
    public void configure() {
        // A request line or headers Camel could not read (LenientHttpBinding): 400 as a JSON error, logged once.
        onException(Exception.class)
            .handled(true)
            .process(new FaultReply(new FaultClassifier(0), FaultReply.Format.JSON, "none"));
        from(ScenarioRouteBuilder.httpConsumerUri("health", DEFAULT_PATH, "GET,HEAD"))
            .routeId("health")
            .process(LenientHttpBinding::rejectIfUnreadable)
            .process(new HealthReport(broker));
    }
}
