package org.esbbench.jmeter;

import org.apache.jmeter.samplers.SampleResult;

/**
 * Checks that a JMS reply answers this sample's request: its JMSCorrelationID must be the request's
 * JMSCorrelationID, or the request's JMSMessageID when the request had none (what JMS request-reply
 * servers, Camel among them, do).
 *
 * <p>JMeter's JMS Point-to-Point sampler already waits for the reply carrying the expected ID; checking it
 * again here makes the rule explicit in every result and catches a sampler configured to match nothing
 * (for instance a temporary reply queue, where any message counts as the reply). The IDs come from the
 * header text the sampler records for both messages, lines such as {@code JMSMessageId     ID:...}.
 */
final class JmsCorrelation {

    static final String CORRELATION_ID = "JMSCorrelationId";
    static final String MESSAGE_ID = "JMSMessageId";

    private JmsCorrelation() {
    }

    /** @return null when the reply's correlation ID is the expected one, else what differed */
    static String difference(SampleResult sample) {
        String request = sample.getRequestHeaders();
        String reply = sample.getResponseHeaders();
        String expected = header(request, CORRELATION_ID);
        if (expected == null) {
            expected = header(request, MESSAGE_ID);
        }
        if (expected == null) {
            return "the request's JMS message ID was not recorded, so the reply's correlation cannot be checked";
        }
        String actual = header(reply, CORRELATION_ID);
        if (!expected.equals(actual)) {
            return "reply correlation ID " + actual + ", expected " + expected;
        }
        return null;
    }

    /** The value of a header line {@code name <spaces> value}; null when absent or the text "null". */
    static String header(String headers, String name) {
        if (headers == null) {
            return null;
        }
        int from = 0;
        while (true) {
            int at = headers.indexOf(name, from);
            if (at < 0) {
                return null;
            }
            int end = at + name.length();
            boolean lineStart = at == 0 || headers.charAt(at - 1) == '\n';
            if (lineStart && end < headers.length() && headers.charAt(end) == ' ') {
                int lineEnd = headers.indexOf('\n', end);
                String value = headers.substring(end, lineEnd < 0 ? headers.length() : lineEnd).trim();
                return value.isEmpty() || value.equals("null") ? null : value;
            }
            from = end;
        }
    }
}
