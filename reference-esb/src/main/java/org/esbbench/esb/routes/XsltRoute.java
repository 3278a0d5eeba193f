package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.mediation.XsltMediation;

/**
 * {@code xslt}: the request stylesheet renames the order data, the result goes to the backend, and the
 * inverse stylesheet restores the backend's reply. See {@link XsltMediation}.
 */
public final class XsltRoute extends ScenarioRouteBuilder {

    private final XsltMediation xslt;

    public XsltRoute(long backendTimeoutMs, XsltMediation xslt) {
        super(Scenario.XSLT, FaultReply.Format.SOAP, backendTimeoutMs);
        this.xslt = xslt;
    }

    @Override
    protected void route(RouteDefinition from, Endpoint backend) {
        callBackend(from.process(xslt::request), backend)
            .process(xslt::reply);
    }
}
