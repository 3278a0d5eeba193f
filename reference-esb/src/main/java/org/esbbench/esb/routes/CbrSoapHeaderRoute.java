package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.Fault;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.RoutingEnvelope;

/**
 * {@code cbr-soap-header}: forwards the request unchanged only when the SOAP header block
 * {@code {http://someuri}routing} carries the expected value; a wrong or missing block gets a 500 fault.
 */
public final class CbrSoapHeaderRoute extends ScenarioRouteBuilder {

    static final String ROUTING_MATCHES =
            "/soapenv:Envelope/soapenv:Header/r:routing = " + SoapXPaths.literal(Payloads.ROUTING_VALUE);
    static final Fault INVALID_ROUTING = Fault.client(500, "Invalid routing header");

    public CbrSoapHeaderRoute(long backendTimeoutMs) {
        super(Scenario.CBR_SOAP_HEADER, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(RoutingEnvelope.PARSE)
            .choice()
                .when(SoapXPaths.onRoutingEnvelope(ROUTING_MATCHES))
                    .process(RoutingEnvelope.RELEASE), backend)
                .otherwise()
                    .process(FaultReply.reject(INVALID_ROUTING, FaultReply.Format.SOAP))
            .end();
    }
}
