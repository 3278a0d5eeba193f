package org.esbbench.esb.mediation;

import java.time.Duration;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.esbbench.core.wssec.WsSecurityFailure;
import org.esbbench.core.wssec.WsSecurityParty;
import org.esbbench.esb.faults.FaultBodies;

/**
 * The {@code ws-security} scenario's mediation, on the server side of core's {@link WsSecurityParty}:
 * the request's Timestamp and Signature are verified and its Body decrypted (the security header is
 * removed), and the backend's plain reply is timestamped, signed and encrypted for the client.
 */
public final class WsSecurityMediation {

    private final WsSecurityParty server;
    private final Duration replyTtl;

    public WsSecurityMediation(WsSecurityParty server, Duration replyTtl) {
        this.server = server;
        this.replyTtl = replyTtl;
    }

    public void verifyRequest(Exchange exchange) throws WsSecurityFailure {
        Message message = exchange.getMessage();
        byte[] plain = server.verifyAndDecrypt(RequestBody.requireBytes(message));
        message.setBody(plain);
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    public void secureReply(Exchange exchange) throws WsSecurityFailure {
        Message message = exchange.getMessage();
        byte[] reply = message.getBody(byte[].class);
        message.setBody(server.secure(reply, replyTtl));
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }
}
