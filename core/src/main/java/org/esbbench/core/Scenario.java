package org.esbbench.core;

import java.util.Arrays;
import java.util.List;

/**
 * The scenario catalogue of docs/scenarios.md: every benchmark scenario, its id (used in result files and
 * settings), what it sends, where the reference server serves it and which plan in {@code jmx/} sends it.
 * Target profiles map an id to their own endpoint; {@link #defaultEndpoint()} is the classic proxy name, so
 * profiles for Synapse-based servers only change the port.
 */
public enum Scenario {

    DIRECT("direct", "/services/DirectProxy", PayloadFormat.SOAP, "soap-http"),
    CBR_BODY("cbr-body", "/services/CBRProxy", PayloadFormat.SOAP, "soap-http"),
    CBR_SOAP_HEADER("cbr-soap-header", "/services/CBRSOAPHeaderProxy", PayloadFormat.SOAP, "soap-http"),
    CBR_TRANSPORT_HEADER("cbr-transport-header", "/services/CBRTransportHeaderProxy", PayloadFormat.SOAP, "soap-http"),
    XSLT("xslt", "/services/XSLTProxy", PayloadFormat.SOAP, "soap-http"),
    WS_SECURITY("ws-security", "/services/SecureProxy", PayloadFormat.SOAP, "ws-security"),
    REST("rest", "/rest/echo", PayloadFormat.JSON, "rest"),
    SOAP("soap", "/services/SOAPProxy", PayloadFormat.SOAP, "soap-http"),
    /** Request-reply over JMS: the endpoint is the request queue, not an HTTP path. */
    JMS("jms", "perf.request", PayloadFormat.SOAP, "jms");

    private static final List<String> IDS = Arrays.stream(values()).map(Scenario::id).toList();

    private final String id;
    private final String defaultEndpoint;
    private final PayloadFormat payloadFormat;
    private final String plan;

    Scenario(String id, String defaultEndpoint, PayloadFormat payloadFormat, String plan) {
        this.id = id;
        this.defaultEndpoint = defaultEndpoint;
        this.payloadFormat = payloadFormat;
        this.plan = plan;
    }

    /**
     * The name of the plan in {@code jmx/} that sends this scenario ({@code soap-http} for the six SOAP-over-HTTP
     * scenarios, which differ only in their endpoint): the suite runs {@code jmx/<plan>.jmx} with
     * {@code -Jscenario=<id>} and {@code -Jpath=<endpoint>}.
     */
    public String plan() {
        return plan;
    }

    /** The kebab-case id: {@code direct}, {@code cbr-body}, ..., {@code jms}. */
    public String id() {
        return id;
    }

    /** The reference server's endpoint: an HTTP path for HTTP scenarios, the request queue for {@link #JMS}. */
    public String defaultEndpoint() {
        return defaultEndpoint;
    }

    /** What the request body is (the reply of a correct server has the same format). */
    public PayloadFormat payloadFormat() {
        return payloadFormat;
    }

    /** True for every scenario reached over HTTP; false for {@link #JMS}. */
    public boolean isHttp() {
        return this != JMS;
    }

    /** All ids in catalogue order. */
    public static List<String> ids() {
        return IDS;
    }

    /**
     * The scenario with this id.
     *
     * @throws IllegalArgumentException naming the valid ids when there is none
     */
    public static Scenario byId(String id) {
        for (Scenario scenario : values()) {
            if (scenario.id.equals(id)) {
                return scenario;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + id + "'; valid ids: " + String.join(", ", IDS));
    }
}
