package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.Fault;
import org.esbbench.esb.faults.FaultReply;

/**
 * {@code cbr-transport-header}: forwards only when the HTTP header {@code routing} carries the expected
 * value. The decision needs no body, so the body passes through unread, as in {@code direct}.
 */
public final class CbrTransportHeaderRoute extends ScenarioRouteBuilder {

    static final String ROUTING_HEADER = "routing";
    static final Fault INVALID_ROUTING = Fault.client(500, "Invalid routing header");

    public CbrTransportHeaderRoute(long backendTimeoutMs) {
        super(Scenario.CBR_TRANSPORT_HEADER, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from
            .choice()
                .when(header(ROUTING_HEADER).isEqualTo(Payloads.ROUTING_VALUE)), backend)
                .otherwise()
                    .process(FaultReply.reject(INVALID_ROUTING, FaultReply.Format.SOAP))
            .end();
    }
}
