package org.esbbench.report;

/**
 * One row of a JMeter CSV results file (JTL): the fields the analysis reads. Times are epoch milliseconds
 * (JMeter's default {@code timestamp_format=ms}); with {@code sampleresult.timestamp.start=true}, JMeter
 * 5.6's default, {@link #startMillis} is when the sample started.
 */
public record Sample(
        long startMillis,
        long elapsedMillis,
        String label,
        String responseCode,
        boolean success,
        String failureMessage,
        long bytesReceived,
        long bytesSent,
        int groupThreads,
        int allThreads,
        long latencyMillis,
        long connectMillis) {

    public long endMillis() {
        return startMillis + elapsedMillis;
    }

    /**
     * The prefix of the failure message of a reply that came and was not the correct one, as the suite's reply
     * assertion writes it ({@code org.esbbench.jmeter.ScenarioReplyAssertion.INCORRECT_REPLY}); a user's own
     * assertion that follows the same convention is counted the same way.
     */
    public static final String INCORRECT_REPLY = "incorrect reply: ";

    /** What this sample means: see {@link #outcomeOf(boolean, String)}, the one rule the analysis uses. */
    public Outcome outcome() {
        return outcomeOf(success, failureMessage);
    }

    /**
     * The one rule that classifies samples, for every figure the analysis writes. A successful sample is
     * {@link Outcome#OK OK}. A failed sample whose failure message (JMeter's {@code failureMessage} column: the
     * first failed assertion's message) starts with {@value #INCORRECT_REPLY} is {@link Outcome#INCORRECT
     * INCORRECT}: a reply arrived and the reply check found it wrong, whatever its response code (a 500 with a
     * wrong body included). Every other failed sample is an {@link Outcome#ERROR ERROR}: {@code transport error: }
     * (no usable reply), {@code reply check not possible: }, a sampler exception or a failure without a message,
     * an assertion with any other message. The response code plays no part; without a {@code failureMessage}
     * column every failed sample is therefore an error.
     */
    public static Outcome outcomeOf(boolean success, String failureMessage) {
        if (success) {
            return Outcome.OK;
        }
        return failureMessage != null && failureMessage.startsWith(INCORRECT_REPLY) ? Outcome.INCORRECT : Outcome.ERROR;
    }

    public enum Outcome {
        /** The sample succeeded: transport fine and the reply verified. */
        OK,
        /**
         * Failed without a verdict on a reply: no usable reply (refused, reset, timed out), the check could not be
         * made, a sampler exception, or an assertion whose message does not start with {@value Sample#INCORRECT_REPLY}.
         */
        ERROR,
        /** A reply came and failed verification (message {@value Sample#INCORRECT_REPLY}…): truncated, corrupted, wrongly routed. */
        INCORRECT
    }
}
