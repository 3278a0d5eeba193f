package org.esbbench.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The checks stay complete at 1 MiB, the largest size the check-cost benchmark measures: one changed byte, element
 * or JSON value anywhere in the reply fails it, also once an identical-looking reply was accepted (the fast path of
 * {@link RememberingAccepted} must not let a near copy through).
 */
class LargeReplyChecksTest {

    private static final int SIZE = 1024 * 1024;
    private static final byte[] SOAP = Payloads.soap(SIZE);
    private static final byte[] JSON = Payloads.json(SIZE);

    private static byte[] request(Scenario scenario) {
        return scenario == Scenario.REST ? JSON : SOAP;
    }

    /** The request with one byte changed at {@code at} (a digit of a number or a letter, so it stays well-formed). */
    private static byte[] changedAt(byte[] request, int at) {
        byte[] changed = request.clone();
        int i = at;
        while (!Character.isLetterOrDigit(changed[i])) {
            i++;
        }
        changed[i] = (byte) (Character.isDigit(changed[i]) ? (changed[i] == '9' ? '8' : changed[i] + 1)
                : (changed[i] == 'x' ? 'y' : 'x'));
        return changed;
    }

    @ParameterizedTest
    @EnumSource(value = Scenario.class, names = {"DIRECT", "XSLT", "SOAP", "REST"})
    void oneChangedByteFailsBeforeAndAfterTheRightReplyWasAccepted(Scenario scenario) {
        byte[] request = request(scenario);
        assertThat(request).hasSize(SIZE);
        ReplyCheck check = ReplyChecks.forScenario(scenario, request);
        int middle = SIZE / 2;
        int nearTheEnd = SIZE - 200;

        assertThat(check.check(200, changedAt(request, middle))).as("first sight, middle").isNotNull();
        assertThat(check.check(200, request.clone())).as("the right reply").isNull();
        assertThat(check.check(200, request.clone())).as("the right reply again (remembered)").isNull();
        assertThat(check.check(200, changedAt(request, middle))).as("after acceptance, middle").isNotNull();
        assertThat(check.check(200, changedAt(request, nearTheEnd))).as("after acceptance, near the end").isNotNull();
        assertThat(check.check(200, Arrays.copyOf(request, SIZE - 1))).as("one byte short").isNotNull();
    }

    @Test
    void xmlEquivalenceFailsOnOneRenamedElementInTheMiddle() {
        ReplyCheck check = ReplyChecks.forScenario(Scenario.XSLT, SOAP);
        assertThat(check.check(200, SOAP.clone())).isNull();
        String text = new String(SOAP, StandardCharsets.UTF_8);
        int at = text.indexOf("<symbol>", text.length() / 2);
        int close = text.indexOf("</symbol>", at);
        assertThat(at).as("a symbol element in the second half").isPositive();
        String renamed = text.substring(0, at) + "<symbal>" + text.substring(at + "<symbol>".length(), close)
                + "</symbal>" + text.substring(close + "</symbol>".length());

        assertThat(check.check(200, renamed.getBytes(StandardCharsets.UTF_8)))
                .startsWith("not XML-equivalent to the request");
    }

    @Test
    void soapBodyContentFailsOnOneChangedValueInTheMiddle() {
        ReplyCheck check = ReplyChecks.forScenario(Scenario.SOAP, SOAP);
        assertThat(check.check(200, SOAP.clone())).isNull();
        String text = new String(SOAP, StandardCharsets.UTF_8);
        int at = text.indexOf("MSFT", text.length() / 2);
        String changed = text.substring(0, at) + "MSFX" + text.substring(at + 4);

        assertThat(check.check(200, changed.getBytes(StandardCharsets.UTF_8)))
                .startsWith("Body content differs from the request's");
    }

    @Test
    void jsonEqualityFailsOnOneChangedValueInTheMiddleAndNamesIt() {
        ReplyCheck check = ReplyChecks.forScenario(Scenario.REST, JSON);
        assertThat(check.check(200, JSON.clone())).isNull();
        String text = new String(JSON, StandardCharsets.UTF_8);
        int at = text.indexOf("\"volume\":2000", text.length() / 2);
        String changed = text.substring(0, at) + "\"volume\":2001" + text.substring(at + "\"volume\":2000".length());

        assertThat(check.check(200, changed.getBytes(StandardCharsets.UTF_8)))
                .startsWith("not JSON-equal to the request: /buyStocks/order/")
                .contains("/volume: expected 2000, got 2001");
    }
}
