package org.esbbench.core.check;

import java.util.Objects;

import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * The reply check of each scenario, built from the request that was sent (docs/scenarios.md, "Scenarios"):
 * every reply has status 200 and a non-empty body, and then
 * <ul>
 *   <li>{@code direct}, {@code cbr-body}, {@code cbr-soap-header}, {@code cbr-transport-header}, {@code jms}:
 *       the body is byte-identical to the request (JMS correlation is the caller's to check);</li>
 *   <li>{@code xslt}: XML-equivalent to the request (same exclusive canonical form);</li>
 *   <li>{@code soap}: a SOAP 1.1 envelope whose Body content equals the request's;</li>
 *   <li>{@code rest}: JSON-equal to the request;</li>
 *   <li>{@code ws-security}: see {@link #forWsSecurity}.</li>
 * </ul>
 */
public final class ReplyChecks {

    private ReplyChecks() {
    }

    /**
     * @param request the body that was sent
     * @throws IllegalArgumentException for {@link Scenario#WS_SECURITY} (use {@link #forWsSecurity}), or when
     *                                  the request itself is not what the scenario sends (not XML, JSON, SOAP)
     */
    public static ReplyCheck forScenario(Scenario scenario, byte[] request) {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(request, "request");
        BodyCheck body = switch (scenario) {
            case DIRECT, CBR_BODY, CBR_SOAP_HEADER, CBR_TRANSPORT_HEADER, JMS -> new ByteIdenticalBody(request);
            case XSLT -> new RememberingAccepted(new XmlEquivalentBody(request));
            case SOAP -> new RememberingAccepted(new SoapBodyContent(request));
            case REST -> new RememberingAccepted(new JsonEqualBody(request));
            case WS_SECURITY -> throw new IllegalArgumentException(
                    "ws-security replies are secured: use ReplyChecks.forWsSecurity(plainRequest, client)");
        };
        return new StatusThenBody(body);
    }

    /**
     * The {@code ws-security} check: the reply must verify and decrypt with {@code client} (a Timestamp that
     * has not expired, the server's signature over Body and Timestamp, an encrypted Body) to a Body content
     * equal to that of {@code plainRequest}, the envelope before the client secured it.
     */
    public static ReplyCheck forWsSecurity(byte[] plainRequest, WsSecurityParty client) {
        Objects.requireNonNull(plainRequest, "plainRequest");
        Objects.requireNonNull(client, "client");
        return new StatusThenBody(new WsSecuredBody(plainRequest, client));
    }
}
