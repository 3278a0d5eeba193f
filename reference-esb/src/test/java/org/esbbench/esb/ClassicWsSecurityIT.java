package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code ws-security} scenario end to end with the server set to the CLASSIC suite
 * ({@code esb.wssec.suite=CLASSIC}: RSA 1.5, AES-128, RSA-SHA1), as a run comparing with old published
 * figures configures it. HttpScenariosIT covers the default MODERN suite.
 */
class ClassicWsSecurityIT {

    private static RunningEsb server;
    private static WsSecurityParty classicClient;
    private static WsSecurityParty modernClient;

    @BeforeAll
    static void start() throws Exception {
        server = RunningEsb.start(Map.of("esb.wssec.suite", "CLASSIC"));
        classicClient = WsSecurityParty.client(RunningEsb.KEYSTORES, AlgorithmSuite.CLASSIC);
        modernClient = WsSecurityParty.client(RunningEsb.KEYSTORES, AlgorithmSuite.MODERN);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "{0} B")
    @ValueSource(ints = {512, 10 * 1024, 1024 * 1024})
    void aClassicSecuredRequestGetsAReplyThatDecryptsAndVerifies(int size) throws Exception {
        byte[] plain = Payloads.soap(size);

        HttpResponse<byte[]> reply = server.post(Scenario.WS_SECURITY, classicClient.secure(plain));

        assertThat(ReplyChecks.forWsSecurity(plain, classicClient).check(reply.statusCode(), reply.body())).isNull();
    }

    @Test
    void theReplyIsSecuredWithTheClassicSuiteNotTheModernOne() throws Exception {
        byte[] plain = Payloads.soap(1024);

        HttpResponse<byte[]> reply = server.post(Scenario.WS_SECURITY, classicClient.secure(plain));

        // A MODERN client refuses RSA 1.5 key transport and RSA-SHA1: the reply really uses the CLASSIC suite.
        assertThat(ReplyChecks.forWsSecurity(plain, classicClient).check(reply.statusCode(), reply.body())).isNull();
        assertThat(ReplyChecks.forWsSecurity(plain, modernClient).check(reply.statusCode(), reply.body())).isNotNull();
    }

    @Test
    void aModernSecuredRequestIsRefusedWithoutCallingTheBackend() throws Exception {
        long backendRequests = server.backend.counters().requests();

        HttpResponse<byte[]> reply = server.post(Scenario.WS_SECURITY, modernClient.secure(Payloads.soap(1024)));

        assertThat(FaultReplies.soapFault(reply, 500)).startsWith("wsse:InvalidSecurity:");
        assertThat(server.backend.counters().requests()).isEqualTo(backendRequests);
    }
}
