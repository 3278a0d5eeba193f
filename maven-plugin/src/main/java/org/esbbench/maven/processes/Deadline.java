package org.esbbench.maven.processes;

import java.time.Duration;

/**
 * The one way the plugin waits for something with a time limit: a deadline {@code timeout} from now, and
 * {@link #await} to poll a condition until it holds or the deadline passes. The condition is asked at once, then
 * after every pause, and once more when the last pause (cut short to the deadline) ends, so that neither a zero
 * timeout nor a condition that becomes true just at the deadline is missed. A condition may throw to give up early,
 * e.g. when the process it waits for has died.
 */
public final class Deadline {

    /** What is waited for; it may throw to end the wait at once. */
    @FunctionalInterface
    public interface Condition<E extends Exception> {
        boolean holds() throws E, InterruptedException;
    }

    private final Duration timeout;
    private final long start;
    private final long end;

    private Deadline(Duration timeout) {
        this.timeout = timeout;
        this.start = System.nanoTime();
        this.end = start + timeout.toNanos();
    }

    /** A deadline {@code timeout} from now. */
    public static Deadline in(Duration timeout) {
        return new Deadline(timeout);
    }

    /** Whether {@code condition} held before {@code timeout} passed, asking it every {@code pollEvery}. */
    public static <E extends Exception> boolean until(Duration timeout, Duration pollEvery, Condition<E> condition)
            throws E, InterruptedException {
        return in(timeout).await(pollEvery, condition);
    }

    /** Polls {@code condition} every {@code pollEvery}: true as soon as it holds, false once this deadline passed. */
    public <E extends Exception> boolean await(Duration pollEvery, Condition<E> condition) throws E, InterruptedException {
        while (true) {
            if (condition.holds()) {
                return true;
            }
            if (passed()) {
                return false;
            }
            pause(pollEvery);
        }
    }

    /**
     * Sleeps {@code pause}, or only what is left of the time when that is less (rounded up to a whole millisecond,
     * so that the deadline has passed when a pause cut short ends).
     */
    public void pause(Duration pause) throws InterruptedException {
        long nanos = Math.min(pause.toNanos(), left().toNanos());
        if (nanos > 0) {
            Thread.sleep((nanos + 999_999) / 1_000_000);
        }
    }

    public boolean passed() {
        return System.nanoTime() - end >= 0;
    }

    /** The time left, zero once the deadline passed. */
    public Duration left() {
        return Duration.ofNanos(Math.max(0, end - System.nanoTime()));
    }

    /** The time since this deadline was set. */
    public Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    public Duration timeout() {
        return timeout;
    }
}
