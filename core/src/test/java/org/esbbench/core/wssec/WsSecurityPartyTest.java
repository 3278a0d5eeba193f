package org.esbbench.core.wssec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.esbbench.core.Payloads;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.testing.CommittedKeystores;
import org.esbbench.core.xml.XmlDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class WsSecurityPartyTest {

    private static final byte[] PLAIN = Payloads.soap(2048);
    private static final String WSSE_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private static WsSecurityParty client(AlgorithmSuite suite) {
        return WsSecurityParty.client(CommittedKeystores.DIR, suite);
    }

    private static WsSecurityParty server(AlgorithmSuite suite) {
        return WsSecurityParty.server(CommittedKeystores.DIR, suite);
    }

    @ParameterizedTest
    @EnumSource(AlgorithmSuite.class)
    void roundTripClientToServerToClient(AlgorithmSuite suite) throws Exception {
        WsSecurityParty client = client(suite);
        WsSecurityParty server = server(suite);

        byte[] request = client.secure(PLAIN);
        String securedText = new String(request, StandardCharsets.UTF_8);
        assertThat(securedText).contains("wsse:Security", "wsu:Timestamp", "ds:Signature", "xenc:EncryptedData",
                suite.encryptionAlgorithm(), suite.keyTransportAlgorithm(), suite.signatureAlgorithm());
        // The orders travel encrypted; the routing header stays readable for routers.
        assertThat(securedText).doesNotContain("buyer000001").contains(Payloads.ROUTING_VALUE);

        byte[] forwarded = server.verifyAndDecrypt(request);
        Document plain = XmlDocuments.parse(forwarded);
        assertThat(plain.getElementsByTagNameNS(WSSE_NS, "Security").getLength()).isZero();
        assertThat(XmlDocuments.soapBody(plain).hasAttributes()).isFalse();
        assertThat(bodyContent(forwarded)).isEqualTo(bodyContent(PLAIN));
        assertThat(XmlDocuments.canonicalize(XmlDocuments.soapHeader(plain)))
                .isEqualTo(XmlDocuments.canonicalize(XmlDocuments.soapHeader(XmlDocuments.parse(PLAIN))));

        byte[] reply = server.secure(forwarded, Duration.ofMinutes(5));
        assertThat(bodyContent(client.verifyAndDecrypt(reply))).isEqualTo(bodyContent(PLAIN));
        assertThat(ReplyChecks.forWsSecurity(PLAIN, client).check(200, reply)).isNull();
    }

    @Test
    void aTamperedSignatureIsRejected() {
        byte[] request = client(AlgorithmSuite.MODERN).secure(PLAIN);
        byte[] tampered = replaceInElement(request, "ds:SignatureValue");

        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(tampered))
                .isInstanceOf(WsSecurityFailure.class)
                .satisfies(e -> assertThat(((WsSecurityFailure) e).faultCode()).isEqualTo("wsse:FailedCheck"));
    }

    @Test
    void aServerThatAcceptedMessagesStillRefusesTamperedOnes() {
        // The party remembers certificate lookups and trust (CachingMerlin): that must not soften any check.
        WsSecurityParty client = client(AlgorithmSuite.MODERN);
        WsSecurityParty server = server(AlgorithmSuite.MODERN);
        byte[] request = client.secure(PLAIN);
        server.verifyAndDecrypt(request);

        assertThatThrownBy(() -> server.verifyAndDecrypt(replaceInElement(request, "ds:SignatureValue")))
                .isInstanceOf(WsSecurityFailure.class);
        assertThatThrownBy(() -> server.verifyAndDecrypt(client.withClock(
                Clock.offset(Clock.systemUTC(), Duration.ofHours(-2))).secure(PLAIN, Duration.ofHours(1))))
                .isInstanceOf(WsSecurityFailure.class);
        assertThatThrownBy(() -> server.verifyAndDecrypt(server.secure(PLAIN))).isInstanceOf(WsSecurityFailure.class);
        assertThat(server.verifyAndDecryptDocument(request).getDocumentElement().getLocalName()).isEqualTo("Envelope");
    }

    @Test
    void aTamperedTimestampIsRejected() {
        byte[] request = client(AlgorithmSuite.MODERN).secure(PLAIN, Duration.ofMinutes(5));
        // Extending the lifetime of a captured message breaks the signature over the Timestamp.
        String text = new String(request, StandardCharsets.UTF_8);
        Matcher expires = Pattern.compile("<wsu:Expires>(\\d{4})").matcher(text);
        assertThat(expires.find()).isTrue();
        String later = Integer.toString(Integer.parseInt(expires.group(1)) + 1);
        byte[] tampered = (text.substring(0, expires.start(1)) + later + text.substring(expires.end(1)))
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(tampered))
                .isInstanceOf(WsSecurityFailure.class);
    }

    @Test
    void aTamperedCipherTextIsRejected() {
        byte[] request = client(AlgorithmSuite.MODERN).secure(PLAIN);
        String text = new String(request, StandardCharsets.UTF_8);
        int data = text.indexOf("<xenc:EncryptedData");
        int value = text.indexOf("<xenc:CipherValue>", data) + "<xenc:CipherValue>".length() + 40;
        char flipped = text.charAt(value) == 'A' ? 'B' : 'A';
        byte[] tampered = (text.substring(0, value) + flipped + text.substring(value + 1)).getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(tampered))
                .isInstanceOf(WsSecurityFailure.class);
    }

    @Test
    void anExpiredTimestampIsRejected() {
        WsSecurityParty pastClient = client(AlgorithmSuite.MODERN)
                .withClock(Clock.offset(Clock.systemUTC(), Duration.ofHours(-2)));
        byte[] expired = pastClient.secure(PLAIN, Duration.ofHours(1));

        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(expired))
                .isInstanceOf(WsSecurityFailure.class)
                .satisfies(e -> assertThat(((WsSecurityFailure) e).faultCode()).isEqualTo("wsse:MessageExpired"));
    }

    @Test
    void aPooledRequestMayBeSentAgain() {
        byte[] request = client(AlgorithmSuite.MODERN).secure(PLAIN);
        WsSecurityParty server = server(AlgorithmSuite.MODERN);

        assertThat(server.verifyAndDecrypt(request)).isEqualTo(server.verifyAndDecrypt(request));
    }

    @Test
    void aPlainMessageIsRejected() {
        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(PLAIN))
                .isInstanceOf(WsSecurityFailure.class)
                .hasMessageContaining("no WS-Security header")
                .satisfies(e -> assertThat(((WsSecurityFailure) e).faultCode()).isEqualTo("wsse:InvalidSecurity"));
        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(Payloads.malformedSoap(1024)))
                .isInstanceOf(WsSecurityFailure.class).hasMessageContaining("not well-formed XML");
    }

    @Test
    void onlyThePeerCanReadAndOnlyThePeerIsBelieved() {
        WsSecurityParty client = client(AlgorithmSuite.MODERN);

        // Encrypted for the server, signed by the client: the client itself must refuse it.
        assertThatThrownBy(() -> client.verifyAndDecrypt(client.secure(PLAIN))).isInstanceOf(WsSecurityFailure.class);
    }

    @Test
    void aPartyRefusesAlgorithmsOutsideItsSuite() {
        byte[] classic = client(AlgorithmSuite.CLASSIC).secure(PLAIN);
        byte[] modern = client(AlgorithmSuite.MODERN).secure(PLAIN);

        assertThatThrownBy(() -> server(AlgorithmSuite.MODERN).verifyAndDecrypt(classic)).isInstanceOf(WsSecurityFailure.class);
        assertThatThrownBy(() -> server(AlgorithmSuite.CLASSIC).verifyAndDecrypt(modern)).isInstanceOf(WsSecurityFailure.class);
    }

    @Test
    void badInputAndMissingKeystoresAreNamed() {
        WsSecurityParty client = client(AlgorithmSuite.MODERN);

        assertThatThrownBy(() -> client.secure("<a/>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SOAP 1.1 envelope");
        assertThatThrownBy(() -> client.secure(PLAIN, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        Path nowhere = Path.of("no-such-folder");
        assertThatThrownBy(() -> WsSecurityParty.server(nowhere, AlgorithmSuite.MODERN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("server.p12");
    }

    private static byte[] bodyContent(byte[] envelope) throws Exception {
        Element body = XmlDocuments.soapBody(XmlDocuments.parse(envelope));
        Element buyStocks = (Element) body.getElementsByTagNameNS("http://services.samples/xsd", "buyStocks").item(0);
        return XmlDocuments.canonicalize(buyStocks);
    }

    /** Changes one base64 character inside the first element with this tag. */
    private static byte[] replaceInElement(byte[] xml, String tag) {
        String text = new String(xml, StandardCharsets.UTF_8);
        int at = text.indexOf("<" + tag);
        int value = text.indexOf('>', at) + 10;
        char flipped = text.charAt(value) == 'A' ? 'B' : 'A';
        return (text.substring(0, value) + flipped + text.substring(value + 1)).getBytes(StandardCharsets.UTF_8);
    }
}
