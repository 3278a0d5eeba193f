package org.esbbench.maven.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

class RoutingMismatchTest {
    private static final String FAULT = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soapenv:Body><soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>Invalid routing header"
            + "</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>";

    @Test
    void onlyTheContentBasedRoutingScenariosGetASecondRequestThatMustNotMatch() {
        assertThat(Scenario.values()).filteredOn(RoutingMismatch::applies)
                .containsExactlyInAnyOrder(Scenario.CBR_BODY, Scenario.CBR_SOAP_HEADER, Scenario.CBR_TRANSPORT_HEADER);
        assertThat(new String(RoutingMismatch.request(Scenario.CBR_BODY, 1024).body(), StandardCharsets.UTF_8))
                .contains(Payloads.NOT_IBM_SYMBOL);
        assertThat(new String(RoutingMismatch.request(Scenario.CBR_SOAP_HEADER, 1024).body(), StandardCharsets.UTF_8))
                .contains(Payloads.WRONG_ROUTING_VALUE);
        RoutingMismatch.Request header = RoutingMismatch.request(Scenario.CBR_TRANSPORT_HEADER, 1024);
        assertThat(header.routingHeader()).isEqualTo(Payloads.WRONG_ROUTING_VALUE);
        assertThat(header.body()).isEqualTo(Payloads.soap(1024));
    }

    @Test
    void theRefusalMustBe500WithASoapFault() {
        byte[] fault = FAULT.getBytes(StandardCharsets.UTF_8);
        assertThat(RoutingMismatch.problem(500, fault)).isNull();
        assertThat(RoutingMismatch.faultString(fault)).contains("Invalid routing header");

        // A server that forwards everything: the request comes back with 200.
        assertThat(RoutingMismatch.problem(200, Payloads.soap(512)))
                .contains("got status 200 without a SOAP fault", "forwards what it should refuse");
        assertThat(RoutingMismatch.problem(500, "oops".getBytes(StandardCharsets.UTF_8)))
                .contains("status 500 without a SOAP fault", "body: oops");
        assertThat(RoutingMismatch.problem(404, fault)).contains("got status 404;");
    }
}
