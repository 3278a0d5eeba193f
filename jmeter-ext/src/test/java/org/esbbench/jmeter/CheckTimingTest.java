package org.esbbench.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.esbbench.core.Payloads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckTimingTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void jmeterProperties() {
        JMeterProperties.load();
    }

    @AfterEach
    void timingOff() {
        JMeterUtils.getJMeterProperties().remove(CheckTiming.PROPERTY);
        CheckTiming.reset();
    }

    private ScenarioReplyAssertion directAssertion(byte[] payload) throws IOException {
        ScenarioReplyAssertion assertion = new ScenarioReplyAssertion();
        assertion.setScenario("direct");
        assertion.setPayloadFile(Files.write(dir.resolve("buyStocks-1024.xml"), payload).toString());
        return assertion;
    }

    private static HTTPSampleResult reply(byte[] body) {
        HTTPSampleResult sample = new HTTPSampleResult();
        sample.setResponseCode("200");
        sample.setResponseData(body);
        return sample;
    }

    @Test
    void offByDefaultAndThenSilent() throws IOException {
        byte[] soap = Payloads.soap(1024);
        ScenarioReplyAssertion assertion = directAssertion(soap);
        assertion.testStarted();
        assertion.getResult(reply(soap));

        assertThat(CheckTiming.enabled()).isFalse();
        assertThat(CheckTiming.summary()).isNull();
    }

    @Test
    void countsEveryCheckRightOrWrongWhenOn() throws IOException {
        JMeterUtils.setProperty(CheckTiming.PROPERTY, "true");
        byte[] soap = Payloads.soap(1024);
        ScenarioReplyAssertion assertion = directAssertion(soap);
        assertion.testStarted();
        assertThat(assertion.getResult(reply(soap)).isFailure()).isFalse();
        assertThat(assertion.getResult(reply(soap)).isFailure()).isFalse();
        assertThat(assertion.getResult(reply(Payloads.soapFirstSymbolNotIbm(1024))).isFailure()).isTrue();

        assertThat(CheckTiming.summary()).startsWith(CheckTiming.LINE + " 3 checks, ").endsWith(" us per check");

        assertion.testStarted();
        assertThat(CheckTiming.summary()).startsWith(CheckTiming.LINE + " 0 checks, ");
    }
}
