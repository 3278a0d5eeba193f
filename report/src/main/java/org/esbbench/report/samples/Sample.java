package org.esbbench.report.samples;

/**
 * One row of a JMeter CSV results file (JTL): the fields the analysis reads. Times are epoch milliseconds
 * (JMeter's default {@code timestamp_format=ms}); with {@code sampleresult.timestamp.start=true}, JMeter
 * 5.6's default, {@link #startMillis} is when the sample started.
 *
 * <p>{@link #elapsedMicros} is the sample's response time in microseconds from the results file's
 * {@value #ELAPSED_US} column, which the suite's microsecond timing element adds (a JMeter sample variable, so
 * the file's last column); -1 when the file has no such column or the row leaves it empty. JMeter's own
 * {@link #elapsedMillis} (whole milliseconds, truncated) stays what ends a sample ({@link #endMillis()}).
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
        long connectMillis,
        long elapsedMicros,
        long arrivalResponseMicros,
        long latenessMicros,
        long intendedMicros,
        long blockedMicros) {

    /** The results file's column of the response time in microseconds (a JMeter sample variable). */
    public static final String ELAPSED_US = "elapsed_us";
    /** {@link #elapsedMicros} of a sample timed in whole milliseconds only. */
    public static final long NO_MICROS = -1;

    /** The results file's column of an open-model arrival's response time from its due time (µs). */
    public static final String RESPONSE_US = "response_us";
    /** The results file's column of how late the arrival was sent (µs): the generator's delay. */
    public static final String LATENESS_US = "lateness_us";
    /** The results file's column of when the arrival was due (µs since the epoch, JMeter's clock). */
    public static final String INTENDED_US = "intended_us";
    /** The results file's column of the part of the arrival's wait that was the server's backlog (µs). */
    public static final String BLOCKED_US = "blocked_us";
    /**
     * The failure message's prefix of an arrival the run ended before sending (the Scheduled Arrivals Thread Group
     * writes such a row for each: {@code org.esbbench.jmeter.arrivals.NeverSentRows}).
     */
    public static final String NOT_SENT = "not sent: ";

    /** A row of a results file written before the due time and blocked time columns. */
    public Sample(long startMillis, long elapsedMillis, String label, String responseCode, boolean success,
                  String failureMessage, long bytesReceived, long bytesSent, int groupThreads, int allThreads,
                  long latencyMillis, long connectMillis, long elapsedMicros, long arrivalResponseMicros,
                  long latenessMicros) {
        this(startMillis, elapsedMillis, label, responseCode, success, failureMessage, bytesReceived, bytesSent,
                groupThreads, allThreads, latencyMillis, connectMillis, elapsedMicros, arrivalResponseMicros,
                latenessMicros, NO_MICROS, NO_MICROS);
    }

    /** A sample that is not an open-model arrival timed from its due time (the closed model, a plan of one's own). */
    public Sample(long startMillis, long elapsedMillis, String label, String responseCode, boolean success,
                  String failureMessage, long bytesReceived, long bytesSent, int groupThreads, int allThreads,
                  long latencyMillis, long connectMillis, long elapsedMicros) {
        this(startMillis, elapsedMillis, label, responseCode, success, failureMessage, bytesReceived, bytesSent,
                groupThreads, allThreads, latencyMillis, connectMillis, elapsedMicros, NO_MICROS, NO_MICROS);
    }

    /** A sample of a results file without the {@value #ELAPSED_US} column: timed in whole milliseconds. */
    public Sample(long startMillis, long elapsedMillis, String label, String responseCode, boolean success,
                  String failureMessage, long bytesReceived, long bytesSent, int groupThreads, int allThreads,
                  long latencyMillis, long connectMillis) {
        this(startMillis, elapsedMillis, label, responseCode, success, failureMessage, bytesReceived, bytesSent,
                groupThreads, allThreads, latencyMillis, connectMillis, NO_MICROS);
    }

    /** Whether the row had its response time in microseconds. */
    public boolean timedInMicros() {
        return elapsedMicros >= 0;
    }

    /** Whether the row is an open-model arrival timed from its due time ({@value #RESPONSE_US}, {@value #LATENESS_US}). */
    public boolean timedFromArrival() {
        return arrivalResponseMicros >= 0 && latenessMicros >= 0;
    }

    /** Whether the row says when its arrival was due ({@value #INTENDED_US}). */
    public boolean hasDueTime() {
        return timedFromArrival() && intendedMicros >= 0;
    }

    /**
     * When the sample belongs to a window: its arrival's due time when the row has one (the open model: every arrival
     * due in a window counts in it, however late it was sent), else its start (epoch ms).
     */
    public long windowMillis() {
        return hasDueTime() ? Math.floorDiv(intendedMicros, 1000) : startMillis;
    }

    /** The part of the arrival's wait that was the server's backlog (µs); 0 when the row has none. */
    public long blockedOrZeroMicros() {
        return blockedMicros >= 0 ? blockedMicros : 0;
    }

    /** Whether this is the row of an arrival that was never sent. */
    public boolean neverSent() {
        return !success && failureMessage != null && failureMessage.startsWith(NOT_SENT);
    }

    /**
     * The response time the latency figures are made of, in microseconds: for an open-model arrival timed from its due
     * time, that response time (the latency a user sees: the generator's lateness included); otherwise the service
     * time ({@link #serviceMicros()}).
     */
    public long responseMicros() {
        return timedFromArrival() ? arrivalResponseMicros : serviceMicros();
    }

    /**
     * The service time in microseconds, from the request's send to the reply's end: {@link #elapsedMicros} when the
     * row has it, else JMeter's whole milliseconds × 1000 (never negative).
     */
    public long serviceMicros() {
        return timedInMicros() ? elapsedMicros : Math.max(0, elapsedMillis) * 1000;
    }

    /** The same sample as if its file had no {@value #ELAPSED_US} column (what JMeter's own dashboard reads). */
    public Sample inWholeMillis() {
        return timedInMicros() ? new Sample(startMillis, elapsedMillis, label, responseCode, success, failureMessage,
                bytesReceived, bytesSent, groupThreads, allThreads, latencyMillis, connectMillis) : this;
    }

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
