package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.Fault;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.RoutingEnvelope;

/**
 * {@code cbr-body}: forwards the request unchanged only when the first order is for IBM; otherwise a
 * 500 SOAP fault. The envelope is parsed once (400 if it is not well-formed); the bytes forwarded are
 * the bytes received.
 */
public final class CbrBodyRoute extends ScenarioRouteBuilder {

    static final String FIRST_ORDER_IS_IBM =
            "/soapenv:Envelope/soapenv:Body/m:buyStocks/order[1]/symbol = 'IBM'";
    static final Fault NOT_IBM = Fault.client(500, "First order must be for the symbol IBM");

    public CbrBodyRoute(long backendTimeoutMs) {
        super(Scenario.CBR_BODY, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(RoutingEnvelope.PARSE)
            .choice()
                .when(SoapXPaths.onRoutingEnvelope(FIRST_ORDER_IS_IBM))
                    .process(RoutingEnvelope.RELEASE), backend)
                .otherwise()
                    .process(FaultReply.reject(NOT_IBM, FaultReply.Format.SOAP))
            .end();
    }
}
