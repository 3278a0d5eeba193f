package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultReply;

/** {@code direct}: pass-through proxy. The body is never parsed; its bytes go to the backend as received. */
public final class DirectRoute extends ScenarioRouteBuilder {

    public DirectRoute(long backendTimeoutMs) {
        super(Scenario.DIRECT, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from, backend);
    }
}
