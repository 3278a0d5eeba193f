package org.esbbench.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.testing.CommittedKeystores;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReplyChecksTest {

    private static final int SIZE = 1024;
    private static final byte[] SOAP = Payloads.soap(SIZE);
    private static final byte[] JSON = Payloads.json(SIZE);

    private static WsSecurityParty client;
    private static WsSecurityParty server;

    @BeforeAll
    static void parties() {
        client = WsSecurityParty.client(CommittedKeystores.DIR, AlgorithmSuite.MODERN);
        server = WsSecurityParty.server(CommittedKeystores.DIR, AlgorithmSuite.MODERN);
    }

    private static ReplyCheck checkFor(Scenario scenario) {
        return scenario == Scenario.WS_SECURITY
                ? ReplyChecks.forWsSecurity(SOAP, client)
                : ReplyChecks.forScenario(scenario, request(scenario));
    }

    private static byte[] request(Scenario scenario) {
        return scenario == Scenario.REST ? JSON : SOAP;
    }

    /** A reply a correct server could send: byte-identical where required, else equivalent but not identical. */
    private static byte[] correctReply(Scenario scenario) {
        return switch (scenario) {
            case DIRECT, CBR_BODY, CBR_SOAP_HEADER, CBR_TRANSPORT_HEADER, JMS -> SOAP.clone();
            case XSLT -> reserialisedEnvelope();
            case SOAP -> newEnvelopeAroundTheBody();
            case REST -> reorderedAndRenumberedJson();
            case WS_SECURITY -> server.secure(SOAP);
        };
    }

    /** What a server serving another scenario (or none) would answer. */
    private static byte[] wrongScenarioReply(Scenario scenario) {
        return switch (scenario) {
            // the JSON twin: a REST resource behind the proxy's path
            case DIRECT, CBR_BODY, CBR_SOAP_HEADER, CBR_TRANSPORT_HEADER, JMS, SOAP -> JSON.clone();
            // the backend's view of the xslt scenario: the inverse stylesheet was not applied
            case XSLT -> text(SOAP).replace("buyStocks", "skcotSyub").replace("order>", "redro>")
                    .replace("symbol>", "lobmys>").getBytes(StandardCharsets.UTF_8);
            case REST -> SOAP.clone();
            // a pass-through proxy answering on the secure path: the reply is not secured
            case WS_SECURITY -> SOAP.clone();
        };
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void acceptsTheCorrectReply(Scenario scenario) {
        assertThat(checkFor(scenario).check(200, correctReply(scenario))).isNull();
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void rejectsATruncatedReply(Scenario scenario) {
        byte[] reply = correctReply(scenario);

        assertThat(checkFor(scenario).check(200, Arrays.copyOf(reply, reply.length / 2))).isNotNull();
        assertThat(checkFor(scenario).check(200, Arrays.copyOf(reply, reply.length - 1))).isNotNull();
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void rejectsOneFlippedByte(Scenario scenario) {
        byte[] reply = correctReply(scenario);
        reply[reply.length / 2] ^= 0x01;

        assertThat(checkFor(scenario).check(200, reply)).isNotNull();
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void rejectsAnEmpty200(Scenario scenario) {
        assertThat(checkFor(scenario).check(200, new byte[0])).isEqualTo("empty reply body with status 200");
        assertThat(checkFor(scenario).check(200, null)).isEqualTo("empty reply body with status 200");
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void rejectsTheRightBodyWithAnotherStatus(Scenario scenario) {
        assertThat(checkFor(scenario).check(500, correctReply(scenario))).startsWith("status 500, expected 200");
        assertThat(checkFor(scenario).check(202, correctReply(scenario))).startsWith("status 202, expected 200");
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void rejectsTheReplyOfAnotherScenario(Scenario scenario) {
        assertThat(checkFor(scenario).check(200, wrongScenarioReply(scenario))).isNotNull();
    }

    @Test
    void aFaultStatusCarriesTheFaultText() {
        byte[] fault = ("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                + "<soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>First order must be for the symbol IBM"
                + "</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);

        assertThat(checkFor(Scenario.CBR_BODY).check(500, fault))
                .startsWith("status 500, expected 200: ").contains("First order must be for the symbol IBM");
    }

    @Test
    void byteIdenticalMessagesSayWhatDiffered() {
        ReplyCheck direct = checkFor(Scenario.DIRECT);
        byte[] flipped = SOAP.clone();
        flipped[517] = 'X';
        byte[] longer = Arrays.copyOf(SOAP, SOAP.length + 3);

        assertThat(direct.check(200, Arrays.copyOf(SOAP, 512))).isEqualTo("reply 512 of 1024 bytes (truncated)");
        assertThat(direct.check(200, flipped)).startsWith("byte 517 of the reply differs: expected '")
                .contains("got 'X' 0x58");
        assertThat(direct.check(200, longer)).startsWith("reply 1027 bytes, expected 1024");
    }

    /** A server that builds the message may write it out with an XML declaration (Apache Synapse does): only that. */
    @ParameterizedTest
    @EnumSource(value = Scenario.class, names = {"DIRECT", "CBR_BODY", "CBR_SOAP_HEADER", "CBR_TRANSPORT_HEADER"})
    void byteIdenticalAcceptsAnAddedUtf8DeclarationAndNothingElse(Scenario scenario) {
        ReplyCheck check = checkFor(scenario);
        byte[] declared = concat("<?xml version='1.0' encoding='UTF-8'?>", SOAP);
        byte[] flipped = declared.clone();
        flipped[38 + 517] = 'X';

        assertThat(check.check(200, declared)).isNull();
        assertThat(check.check(200, concat("<?xml version=\"1.0\" encoding=\"utf-8\"?>", SOAP))).isNull();
        assertThat(check.check(200, flipped)).startsWith("byte 517 of the reply after its 38-byte XML declaration differs");
        assertThat(check.check(200, concat("<?xml version='1.0' encoding='ISO-8859-1'?>", SOAP))).startsWith("byte 1 of the reply differs");
        assertThat(check.check(200, concat("<?xml version='1.0' encoding='UTF-8'?> ", SOAP))).contains("differs");
        // A request that has a declaration must get it back.
        ReplyCheck declaredRequest = new StatusThenBody(new ByteIdenticalBody(declared));
        assertThat(declaredRequest.check(200, SOAP)).startsWith("byte 1 of the reply differs");
    }

    private static byte[] concat(String prefix, byte[] body) {
        byte[] head = prefix.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    @Test
    void xsltToleratesSerialisationDetailsButNotRenamedElements() {
        ReplyCheck xslt = checkFor(Scenario.XSLT);

        assertThat(xslt.check(200, reserialisedEnvelope())).isNull();
        assertThat(xslt.check(200, wrongScenarioReply(Scenario.XSLT))).startsWith("not XML-equivalent to the request:");
        assertThat(xslt.check(200, Payloads.malformedSoap(SIZE))).startsWith("reply is not well-formed XML");
    }

    @Test
    void soapComparesTheBodyContentOnly() {
        ReplyCheck soap = checkFor(Scenario.SOAP);

        assertThat(soap.check(200, Payloads.soapWithoutRoutingHeader(SIZE))).isNotNull();
        assertThat(soap.check(200, text(SOAP).replace(Payloads.ROUTING_VALUE, "changed by the mediation")
                .getBytes(StandardCharsets.UTF_8))).isNull();
        assertThat(soap.check(200, Payloads.soapFirstSymbolNotIbm(SIZE))).startsWith("Body content differs from the request's");
        assertThat(soap.check(200, "<Envelope/>".getBytes(StandardCharsets.UTF_8)))
                .startsWith("reply is not a SOAP 1.1 envelope");
    }

    @Test
    void restComparesJsonValuesAndNamesTheDifferingMember() {
        ReplyCheck rest = checkFor(Scenario.REST);
        byte[] otherPrice = text(JSON).replaceFirst("140\\.34", "140.35").getBytes(StandardCharsets.UTF_8);

        assertThat(rest.check(200, reorderedAndRenumberedJson())).isNull();
        assertThat(rest.check(200, otherPrice)).isEqualTo(
                "not JSON-equal to the request: /buyStocks/order/0/price: expected 140.34, got 140.35");
        assertThat(rest.check(200, "{\"error\":{\"status\":500}}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("not JSON-equal to the request: /buyStocks: missing");
        assertThat(rest.check(200, Payloads.malformedJson(SIZE))).startsWith("reply is not well-formed JSON");
    }

    @Test
    void wsSecurityRejectsAnUnsecuredOrForeignReply() {
        ReplyCheck ws = checkFor(Scenario.WS_SECURITY);

        assertThat(ws.check(200, SOAP)).startsWith("reply fails WS-Security").contains("no WS-Security header");
        // Secured by the client itself: encrypted for the server, signed by the wrong party.
        assertThat(ws.check(200, client.secure(SOAP))).startsWith("reply fails WS-Security");
        assertThat(ws.check(200, server.secure(Payloads.soapFirstSymbolNotIbm(SIZE))))
                .startsWith("Body content differs from the request's");
    }

    @Test
    void refusesToBuildAnImpossibleCheck() {
        assertThatThrownBy(() -> ReplyChecks.forScenario(Scenario.WS_SECURITY, SOAP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("forWsSecurity");
        assertThatThrownBy(() -> ReplyChecks.forScenario(Scenario.REST, SOAP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not well-formed JSON");
        assertThatThrownBy(() -> ReplyChecks.forScenario(Scenario.XSLT, JSON))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not well-formed XML");
    }

    @Test
    void oneCheckServesManyThreads() throws InterruptedException {
        ReplyCheck xslt = checkFor(Scenario.XSLT);
        byte[] good = reserialisedEnvelope();
        byte[] bad = wrongScenarioReply(Scenario.XSLT);
        int[] wrong = new int[4];
        Thread[] threads = new Thread[wrong.length];
        for (int t = 0; t < threads.length; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 200; i++) {
                    boolean rejected = xslt.check(200, i % 2 == 0 ? good : bad) != null;
                    if (rejected != (i % 2 == 1)) {
                        wrong[index]++;
                    }
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(wrong).containsOnly(0);
    }

    /** XML-equivalent, not identical: declaration, other quotes, a namespace declared higher up. */
    private static byte[] reserialisedEnvelope() {
        String xml = text(SOAP)
                .replace("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">",
                        "<soapenv:Envelope xmlns:m='http://services.samples/xsd' xmlns:soapenv='http://schemas.xmlsoap.org/soap/envelope/'>")
                .replace("<m:buyStocks xmlns:m=\"http://services.samples/xsd\">", "<m:buyStocks>");
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + xml).getBytes(StandardCharsets.UTF_8);
    }

    /** A new envelope (other prefix, no header, no layout) around the request's Body content. */
    private static byte[] newEnvelopeAroundTheBody() {
        String xml = text(SOAP);
        String content = xml.substring(xml.indexOf("<soapenv:Body>") + "<soapenv:Body>".length(), xml.indexOf("</soapenv:Body>"));
        return ("<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"><SOAP-ENV:Body>"
                + content.strip() + "</SOAP-ENV:Body></SOAP-ENV:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    /** JSON-equal, not identical: members reordered, whitespace added, the padded volume re-serialised. */
    private static byte[] reorderedAndRenumberedJson() {
        String json = text(JSON)
                .replaceFirst("\\{\"symbol\":\"IBM\",\"buyerID\":\"buyer000001\",", "{ \"buyerID\" : \"buyer000001\", \"symbol\":\"IBM\",")
                .replaceAll("\"volume\":2000\\.0+", "\"volume\":2.0E3");
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
