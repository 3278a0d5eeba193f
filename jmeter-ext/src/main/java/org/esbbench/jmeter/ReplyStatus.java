package org.esbbench.jmeter;

import org.apache.jmeter.samplers.SampleResult;

/**
 * Tells a reply from no reply. A sample whose response code is not a three-digit status never got a
 * reply: JMeter's HTTP sampler writes "Non HTTP response code: java.net.ConnectException" (refused,
 * reset, timed out) and its JMS sampler leaves the code empty when no reply arrived in time. Both are
 * transport errors, counted apart from replies that arrived but were wrong.
 */
final class ReplyStatus {

    /** Returned when the sample carries no reply at all. */
    static final int NO_REPLY = -1;

    private ReplyStatus() {
    }

    static int of(SampleResult sample) {
        String code = sample.getResponseCode();
        if (code == null || code.length() != 3) {
            return NO_REPLY;
        }
        int status = 0;
        for (int i = 0; i < 3; i++) {
            char c = code.charAt(i);
            if (c < '0' || c > '9') {
                return NO_REPLY;
            }
            status = status * 10 + (c - '0');
        }
        return status;
    }

    /**
     * Whether the status is a gateway's statement that its upstream failed (RFC 9110: 502 Bad Gateway, 503 Service
     * Unavailable, 504 Gateway Timeout): the server under test got no usable reply from its backend, so there is no
     * reply of the scenario to verify. Counted as a transport error, not as an incorrect reply (which means corruption);
     * no scenario expects one of these statuses.
     */
    static boolean gatewayFailure(int status) {
        return status == 502 || status == 503 || status == 504;
    }
}
