package org.esbbench.esb.routes;

import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.netty.NettyConstants;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.RouteDefinition;
import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Scenario;
import org.esbbench.esb.faults.FaultClassifier;
import org.esbbench.esb.faults.FaultReply;
import org.esbbench.esb.http.LenientHttpBinding;
import org.esbbench.esb.mediation.RequestBody;

/**
 * What every scenario route shares: where it listens (the configured HTTP consumer plus the scenario's
 * path from core's catalogue, overridable with {@code esb.endpoint.<id>}; a SOAP proxy also at its
 * sub-paths, see {@link ProxyPathGuard}), the backend it forwards to
 * ({@code esb.backend.endpoint}), and one error handler that turns any failure into a fault reply.
 */
public abstract class ScenarioRouteBuilder extends RouteBuilder {

    private final Scenario scenario;
    private final FaultReply.Format faultFormat;
    private final long backendTimeoutMs;

    protected ScenarioRouteBuilder(Scenario scenario, FaultReply.Format faultFormat, long backendTimeoutMs) {
        this.scenario = scenario;
        this.faultFormat = faultFormat;
        this.backendTimeoutMs = backendTimeoutMs;
    }

    @Override
    public final void configure() {
        Endpoint backend = endpoint("{{esb.backend.endpoint}}");
        onException(Exception.class)
                .handled(true)
                .process(ScenarioRouteBuilder::keepClientConnection)
                .process(new FaultReply(new FaultClassifier(backendTimeoutMs), faultFormat, backend.getEndpointUri()))
                .process(this::afterFault);
        RouteDefinition from = from(consumerUri()).routeId(scenario.id());
        // One route step for the request's admission checks, not one per check: every step costs the
        // routing engine a task and a callback per message (issue 16).
        if (isSoapProxy()) {
            String proxyPath = proxyPath();
            from.process(exchange -> {
                LenientHttpBinding.rejectIfUnreadable(exchange);
                ProxyPathGuard.requireProxyPath(exchange, proxyPath);
            });
        } else if (scenario.isHttp()) {
            from.process(LenientHttpBinding::rejectIfUnreadable);
        }
        route(from, backend);
    }

    /**
     * A SOAP proxy over HTTP (every SOAP scenario but {@code jms}): reached at its path and, as Synapse
     * dispatches, at any sub-path ({@code /services/DirectProxy/buyStocksOperation}). REST and
     * {@code /health} stay exact.
     */
    private boolean isSoapProxy() {
        return scenario.isHttp() && scenario.payloadFormat() == PayloadFormat.SOAP;
    }

    /** The proxy's configured path ({@code esb.endpoint.<id>}, else the catalogue's). */
    private String proxyPath() {
        return getContext().getPropertiesComponent()
                .resolveProperty("esb.endpoint." + scenario.id())
                .orElse(scenario.defaultEndpoint());
    }

    /** The scenario's mediation, from the consumer to the reply. */
    protected abstract void route(RouteDefinition from, Endpoint backend);

    /** Adapts a fault reply to the route's transport; HTTP routes need nothing more. */
    protected void afterFault(Exchange exchange) {
    }

    /** POST on the shared HTTP port at the scenario's path. */
    protected String consumerUri() {
        String uri = httpConsumerUri(scenario.id(), scenario.defaultEndpoint(), "POST");
        // matchOnUriPrefix is a per-consumer option (not a server option of the shared port), so the
        // SOAP proxies can take sub-paths while REST and /health match exactly.
        return isSoapProxy() ? uri + "&matchOnUriPrefix=true" : uri;
    }

    /**
     * Forwards the message to the backend and marks that the backend has replied. Both hops carry the
     * body as a byte array: Netty's request and reply buffers are reference-counted and released when
     * their own exchange step completes, so handing one to the other side directly fails
     * (IllegalReferenceCountException, or a request whose body never reaches the backend). One copy
     * per hop costs about a microsecond per KiB. The steps before and after the call are one route step
     * each, as every step costs the routing engine a task and a callback per message.
     */
    protected static <T extends ProcessorDefinition<T>> T callBackend(T route, Endpoint backend) {
        return route.process(ScenarioRouteBuilder::prepareBackendRequest)
                .to(backend)
                .process(ScenarioRouteBuilder::acceptBackendReply);
    }

    /** Before the backend call: the body as bytes (an empty one fails), no {@code Camel*} headers. */
    static void prepareBackendRequest(Exchange exchange) {
        RequestBody.requireBytes(exchange);
        dropCamelHeaders(exchange);
    }

    /** After the backend's reply: the client's connection kept, the reply body as bytes. */
    static void acceptBackendReply(Exchange exchange) {
        keepClientConnection(exchange);
        RequestBody.replyBytes(exchange);
    }

    /**
     * Keeps the client's connection open whatever the backend's connection did. When the backend answers with
     * {@code Connection: close} (a 503 from a server shedding load, say), the netty-http producer marks the
     * exchange with {@link NettyConstants#NETTY_CLOSE_CHANNEL_WHEN_COMPLETE} to drop its own backend channel, and
     * has done so by the time the route goes on. But the consumer reads the same exchange property after writing
     * the reply and then closed the client's keep-alive connection too: the client's next request, already on
     * its way, got no reply at all. The client's connection is the consumer's business alone.
     */
    static void keepClientConnection(Exchange exchange) {
        exchange.removeProperty(NettyConstants.NETTY_CLOSE_CHANNEL_WHEN_COMPLETE);
    }

    /**
     * Removes the consumer's internal {@code Camel*} headers before the backend call. They are never sent
     * (the header filter drops them), but after every reply the netty-http producer removes each
     * {@code Camel*} header still present by using its name as a pattern over all headers, compiling a
     * regular expression per header: with the consumer's dozen headers that was 30 % of the CPU time of
     * the direct scenario.
     */
    static void dropCamelHeaders(Exchange exchange) {
        exchange.getMessage().getHeaders().keySet().removeIf(name -> name.startsWith("Camel"));
    }

    protected Scenario scenario() {
        return scenario;
    }

    /**
     * Every HTTP route is built from the same consumer and options: routes on one Netty port share a
     * server whose settings come from the first route started, so they must all agree.
     */
    static String httpConsumerUri(String id, String defaultPath, String methods) {
        return "{{esb.http.consumer}}{{esb.endpoint." + id + ":" + defaultPath + "}}"
                + "?httpMethodRestrict=" + methods + "&{{esb.http.consumerOptions}}";
    }
}
