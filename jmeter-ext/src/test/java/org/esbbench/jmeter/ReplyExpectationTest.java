package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.junit.jupiter.api.Test;

class ReplyExpectationTest {

    private static final Path KEYS = Path.of("/keys");

    @Test
    void expectsThePayloadItselfOutsideWsSecurity() {
        Path payload = Path.of("/data/soap/buyStocks-1024.xml");

        assertThat(new ReplyExpectation(Scenario.DIRECT, payload, null, null).expectedBodyFile()).isEqualTo(payload);
    }

    @Test
    void expectsThePlainOriginalOfAPooledSecuredRequest() {
        Path secured = Path.of("/data/wssec/modern/1024/17.xml");

        ReplyExpectation expectation = new ReplyExpectation(Scenario.WS_SECURITY, secured, KEYS, AlgorithmSuite.MODERN);

        assertThat(expectation.expectedBodyFile()).isEqualTo(Path.of("/data/wssec/modern/1024/17.plain.xml"));
    }

    @Test
    void refusesAPlainFileAsTheSecuredRequest() {
        Path plain = Path.of("/data/wssec/modern/1024/17.plain.xml");

        ReplyExpectation expectation = new ReplyExpectation(Scenario.WS_SECURITY, plain, KEYS, AlgorithmSuite.MODERN);

        assertThatThrownBy(expectation::expectedBodyFile).hasMessageContaining("secured request");
    }

    @Test
    void expectsThePlainRequestItselfWhenItIsSecuredPerSample() {
        Path plain = Path.of("/data/soap/buyStocks-1024.xml");

        ReplyExpectation expectation = new ReplyExpectation(Scenario.WS_SECURITY, plain, KEYS, AlgorithmSuite.CLASSIC, true);

        assertThat(expectation.expectedBodyFile()).isEqualTo(plain);
        assertThat(expectation).isNotEqualTo(new ReplyExpectation(Scenario.WS_SECURITY, plain, KEYS, AlgorithmSuite.CLASSIC));
    }

    @Test
    void needsKeysForWsSecurity() {
        assertThatThrownBy(() -> new ReplyExpectation(Scenario.WS_SECURITY, Path.of("/x/1.xml"), null, null))
            .hasMessageContaining("keystoreDir");
    }
}
