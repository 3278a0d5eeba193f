package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.WsSecurityMediation;

/**
 * {@code ws-security}: verify and decrypt the request, forward it in plain text, then timestamp, sign
 * and encrypt the backend's reply for the client. See {@link WsSecurityMediation}.
 */
public final class WsSecurityRoute extends ScenarioRouteBuilder {

    private final WsSecurityMediation security;

    public WsSecurityRoute(long backendTimeoutMs, WsSecurityMediation security) {
        super(Scenario.WS_SECURITY, FaultReply.Format.SOAP, backendTimeoutMs);
        this.security = security;
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(security::verifyRequest), backend)
            .process(security::secureReply);
    }
}
