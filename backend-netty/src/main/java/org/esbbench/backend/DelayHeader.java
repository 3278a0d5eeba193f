package org.esbbench.backend;

import io.netty.handler.codec.http.HttpHeaders;

/**
 * The per-request delay override, so one backend can serve runs with different delays without a restart.
 */
final class DelayHeader {
    static final String NAME = "X-Echo-Delay-Ms";

    private DelayHeader() {
    }

    /**
     * @return the delay the request asks for, or {@code defaultMillis} when it names none
     * @throws IllegalArgumentException with a message fit for the 400 reply when the value is not a whole
     *                                  number of milliseconds in range
     */
    static long delayMillis(HttpHeaders headers, long defaultMillis) {
        String value = headers.get(NAME);
        if (value == null) {
            return defaultMillis;
        }
        long millis;
        try {
            millis = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(invalid(value));
        }
        if (millis < 0 || millis > BackendSettings.MAX_DELAY_MILLIS) {
            throw new IllegalArgumentException(invalid(value));
        }
        return millis;
    }

    private static String invalid(String value) {
        return NAME + " must be a whole number of milliseconds from 0 to " + BackendSettings.MAX_DELAY_MILLIS
                + ", was '" + value + "'";
    }
}
