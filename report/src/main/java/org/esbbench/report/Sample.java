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
     * What a failed sample means. A sample whose transport worked (2xx) but that JMeter marked failed was failed
     * by an assertion: the reply came but was not the correct one. Anything else that failed is an error.
     */
    public Outcome outcome() {
        if (success) {
            return Outcome.OK;
        }
        return responseCode != null && responseCode.length() == 3 && responseCode.charAt(0) == '2'
                ? Outcome.INCORRECT : Outcome.ERROR;
    }

    public enum Outcome {
        /** Transport fine and the reply verified. */
        OK,
        /** No usable reply: connection failure, timeout, non-2xx status. */
        ERROR,
        /** A 2xx reply that failed verification: truncated, corrupted, wrongly routed. */
        INCORRECT
    }
}
