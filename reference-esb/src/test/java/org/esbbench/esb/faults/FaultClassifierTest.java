package org.esbbench.esb.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;

import io.netty.handler.timeout.ReadTimeoutException;
import org.apache.camel.CamelExchangeException;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXParseException;

class FaultClassifierTest {

    private final FaultClassifier classifier = new FaultClassifier(1_500);

    @Test
    void backendFailuresAreGatewayErrors() {
        assertThat(classifier.classify(ReadTimeoutException.INSTANCE, true))
                .isEqualTo(Fault.server(504, "Backend did not reply within 1500 ms"));
        assertThat(classifier.classify(new CamelExchangeException("send failed", null,
                new ConnectException("Connection refused")), true).status()).isEqualTo(502);
        assertThat(classifier.classify(new IllegalStateException("pool exhausted"), true))
                .isEqualTo(Fault.server(502, "Backend call failed: pool exhausted"));
        // commons-pool2's word for a new backend connection that was closed again before it was used
        assertThat(classifier.classify(new CamelExchangeException("send failed", null,
                new java.util.NoSuchElementException("Unable to validate object")), true).reason())
                .startsWith("Backend unavailable: ");
        assertThat(classifier.classify(new java.util.NoSuchElementException("Unable to validate object"), false).status())
                .isEqualTo(500);
    }

    @Test
    void badInputIsTheClientsFaultAndAnExplicitWrapperWinsOverItsCause() {
        SAXParseException parse = new SAXParseException("bad end tag", null);
        assertThat(classifier.classify(new MissingBodyException(), false)).isEqualTo(Fault.client(400, "Missing request body"));
        assertThat(classifier.classify(parse, false).status()).isEqualTo(400);
        assertThat(classifier.classify(new BadGatewayReplyException("Backend reply is not XML", parse), false).status())
                .isEqualTo(502);
    }

    @Test
    void anythingElseIsAnInternalError() {
        assertThat(classifier.classify(new IllegalStateException("boom"), false))
                .isEqualTo(Fault.server(500, "Internal error: boom"));
    }

    @Test
    void soapFaultsEscapeTheirTextAndDeclareTheWsSecurityPrefix() {
        String soap = new String(FaultBodies.soap(new Fault(500, "wsse:FailedCheck", "a < b & c")),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(soap).contains("xmlns:wsse=", "<faultcode>wsse:FailedCheck</faultcode>",
                "<faultstring>a &lt; b &amp; c</faultstring>");
    }
}
