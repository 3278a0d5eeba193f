package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.SoapMediation;

/** {@code soap}: SOAP mediation, see {@link SoapMediation}. */
public final class SoapRoute extends ScenarioRouteBuilder {

    public SoapRoute(long backendTimeoutMs) {
        super(Scenario.SOAP, FaultReply.Format.SOAP, backendTimeoutMs);
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(SoapMediation::request), backend)
            .process(SoapMediation::reply);
    }
}
