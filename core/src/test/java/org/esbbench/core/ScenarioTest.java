package org.esbbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ScenarioTest {

    @Test
    void idsFollowTheCatalogueOrder() {
        assertThat(Scenario.ids()).containsExactly("direct", "cbr-body", "cbr-soap-header", "cbr-transport-header",
                "xslt", "ws-security", "rest", "soap", "jms");
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void byIdFindsEveryScenarioByItsId(Scenario scenario) {
        assertThat(Scenario.byId(scenario.id())).isSameAs(scenario);
    }

    @Test
    void anUnknownIdIsRefusedNamingTheValidOnes() {
        assertThatThrownBy(() -> Scenario.byId("DIRECT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'DIRECT'")
                .hasMessageContaining("direct, cbr-body, cbr-soap-header, cbr-transport-header, xslt, ws-security, rest, soap, jms");
        assertThatThrownBy(() -> Scenario.byId(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void defaultEndpointsAreTheClassicProxyNames() {
        assertThat(Scenario.DIRECT.defaultEndpoint()).isEqualTo("/services/DirectProxy");
        assertThat(Scenario.CBR_BODY.defaultEndpoint()).isEqualTo("/services/CBRProxy");
        assertThat(Scenario.CBR_SOAP_HEADER.defaultEndpoint()).isEqualTo("/services/CBRSOAPHeaderProxy");
        assertThat(Scenario.CBR_TRANSPORT_HEADER.defaultEndpoint()).isEqualTo("/services/CBRTransportHeaderProxy");
        assertThat(Scenario.XSLT.defaultEndpoint()).isEqualTo("/services/XSLTProxy");
        assertThat(Scenario.WS_SECURITY.defaultEndpoint()).isEqualTo("/services/SecureProxy");
        assertThat(Scenario.SOAP.defaultEndpoint()).isEqualTo("/services/SOAPProxy");
        assertThat(Scenario.REST.defaultEndpoint()).isEqualTo("/rest/echo");
        assertThat(Scenario.JMS.defaultEndpoint()).isEqualTo("perf.request");
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void onlyRestSendsJsonAndOnlyJmsIsNotHttp(Scenario scenario) {
        assertThat(scenario.payloadFormat()).isEqualTo(scenario == Scenario.REST ? PayloadFormat.JSON : PayloadFormat.SOAP);
        assertThat(scenario.isHttp()).isEqualTo(scenario != Scenario.JMS);
        assertThat(scenario.isHttp()).isEqualTo(scenario.defaultEndpoint().startsWith("/"));
    }

    @Test
    void formatsCarryTheirContentTypes() {
        assertThat(PayloadFormat.SOAP.contentType()).isEqualTo("text/xml; charset=UTF-8");
        assertThat(PayloadFormat.JSON.contentType()).isEqualTo("application/json");
    }
}
