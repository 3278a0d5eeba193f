package org.esbbench.report.samples;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one rule that classifies failed samples: by the failure message the reply assertion wrote, never by the
 * response code. {@code incorrect reply: } is an incorrect reply; anything else that failed is an error.
 */
class SampleTest {

    private static Sample sample(String code, boolean success, String failureMessage) {
        return new Sample(1_000, 5, "direct", code, success, failureMessage, 100, 100, 1, 1, 5, 0);
    }

    @Test
    void aSuccessfulSampleIsOkWhateverItsCodeAndMessage() {
        assertThat(sample("200", true, "").outcome()).isEqualTo(Sample.Outcome.OK);
        assertThat(sample("500", true, "incorrect reply: ignored").outcome()).isEqualTo(Sample.Outcome.OK);
    }

    @Test
    void a500WhoseMessageSaysIncorrectReplyIsIncorrect() {
        assertThat(sample("500", false, "incorrect reply: status 500, expected 200; body differs at byte 0").outcome())
                .isEqualTo(Sample.Outcome.INCORRECT);
    }

    @Test
    void aFailed200WithATransportErrorIsAnError() {
        assertThat(sample("200", false, "transport error: no JMS reply within 30000 ms").outcome())
                .isEqualTo(Sample.Outcome.ERROR);
    }

    @Test
    void aFailed200WithAnEmptyMessageIsAnError() {
        assertThat(sample("200", false, "").outcome()).isEqualTo(Sample.Outcome.ERROR);
        assertThat(Sample.outcomeOf(false, null)).isEqualTo(Sample.Outcome.ERROR);
    }

    @Test
    void aUsersAssertionWithoutThePrefixIsAnError() {
        assertThat(sample("200", false, "price mismatch").outcome()).isEqualTo(Sample.Outcome.ERROR);
    }

    @Test
    void aFailed200WithAnIncorrectReplyIsIncorrectAndEveryOtherFailureAnError() {
        assertThat(sample("200", false, "incorrect reply: body truncated, 512 of 1128 bytes").outcome())
                .isEqualTo(Sample.Outcome.INCORRECT);
        assertThat(sample("200", false, "reply check not possible: no payload file set").outcome())
                .isEqualTo(Sample.Outcome.ERROR);
        assertThat(sample("Non HTTP response code: java.net.ConnectException", false,
                "transport error: Non HTTP response code: java.net.ConnectException").outcome())
                .isEqualTo(Sample.Outcome.ERROR);
        assertThat(sample("503", false, "transport error: 503 / Service Unavailable").outcome())
                .isEqualTo(Sample.Outcome.ERROR);
    }

    @Test
    void onlyTheExactPrefixAtTheStartCounts() {
        assertThat(Sample.outcomeOf(false, "Incorrect reply: capital I")).isEqualTo(Sample.Outcome.ERROR);
        assertThat(Sample.outcomeOf(false, " incorrect reply: leading space")).isEqualTo(Sample.Outcome.ERROR);
        assertThat(Sample.outcomeOf(false, "incorrect reply:no space")).isEqualTo(Sample.Outcome.ERROR);
        assertThat(Sample.outcomeOf(false, "check: incorrect reply: inside")).isEqualTo(Sample.Outcome.ERROR);
        assertThat(Sample.outcomeOf(false, Sample.INCORRECT_REPLY)).isEqualTo(Sample.Outcome.INCORRECT);
    }
}
