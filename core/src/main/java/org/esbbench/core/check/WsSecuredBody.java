package org.esbbench.core.check;

import org.esbbench.core.wssec.WsSecurityFailure;
import org.esbbench.core.wssec.WsSecurityParty;
import org.w3c.dom.Document;

/**
 * {@code ws-security}: the reply must verify and decrypt for the client (Timestamp valid, signed by the
 * server over Body and Timestamp, Body encrypted) to a Body content equal to the plain request's.
 */
final class WsSecuredBody implements BodyCheck {

    private final WsSecurityParty client;
    private final SoapBodyContent plainBody;

    WsSecuredBody(byte[] plainRequest, WsSecurityParty client) {
        this.client = client;
        this.plainBody = new SoapBodyContent(plainRequest);
    }

    @Override
    public String difference(byte[] body) {
        // The decrypted DOM itself: serialising it to parse it again cost a round trip per sample (issue 16).
        Document reply;
        try {
            reply = client.verifyAndDecryptDocument(body);
        } catch (WsSecurityFailure e) {
            return "reply fails WS-Security (" + e.faultCode() + "): " + e.getMessage();
        }
        return plainBody.differenceFrom(reply);
    }
}
