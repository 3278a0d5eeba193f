package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.JsonMediation;

/** {@code rest}: full JSON parse of the request, forward, full JSON parse of the reply; errors as JSON. */
public final class RestRoute extends ScenarioRouteBuilder {

    private final JsonMediation json;

    public RestRoute(long backendTimeoutMs, JsonMediation json) {
        super(Scenario.REST, FaultReply.Format.JSON, backendTimeoutMs);
        this.json = json;
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(json::request), backend)
            .process(json::reply);
    }
}
