package org.esbbench.backend;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A drill facility, not part of the echo contract: answers a fixed share of requests with 503 instead of the echo
 * ({@code --fail-percent}), so that a run can be given transport errors at a known rate (the fault drills and the
 * error-tolerance tests of the suite). Deterministic, not random: request n (counted over the whole backend, health
 * checks left out) fails when floor(n × P / 100) steps up, so exactly floor(n × P / 100) of the first n requests fail,
 * evenly spread (P = 2: requests 50, 100, 150, …). A server under test turns the 503 into a gateway status of its
 * own (502) or passes it on; the suite's reply check counts either as a transport error.
 */
public final class FailureInjection {
    /** No failure injected: every request is echoed. */
    public static final FailureInjection NONE = new FailureInjection(0);

    private final double percent;
    private final AtomicLong requests = new AtomicLong();

    /** @param percent share of requests answered with 503, 0..100 */
    public FailureInjection(double percent) {
        if (!(percent >= 0 && percent <= 100)) {
            throw new IllegalArgumentException("fail percent must be 0..100, was " + percent);
        }
        this.percent = percent;
    }

    public double percent() {
        return percent;
    }

    public boolean active() {
        return percent > 0;
    }

    /** Counts one request (not a health check) and says whether it is to fail. */
    public boolean nextFails() {
        if (!active()) {
            return false;
        }
        long n = requests.incrementAndGet();
        return failuresUpTo(n) > failuresUpTo(n - 1);
    }

    private long failuresUpTo(long n) {
        return (long) Math.floor(n * percent / 100.0);
    }
}
