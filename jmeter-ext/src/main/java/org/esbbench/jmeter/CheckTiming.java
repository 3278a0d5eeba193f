package org.esbbench.jmeter;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

import org.apache.jmeter.util.JMeterUtils;

/**
 * Optional measurement of what the Scenario Reply Assertion itself costs per sample in a real run, for the
 * check-cost benchmark ({@code jmeter-ext/bench/check-cost-kinds.sh}): with the JMeter property {@value #PROPERTY}
 * {@code =true} every {@code getResult} is timed with {@link System#nanoTime()} (about 25 ns a call, so it does not
 * disturb what it measures), and the end of the test logs {@value #LINE} with the count and the mean. Off by
 * default: then it costs one boolean test per sample.
 *
 * <p>Wall time of the calling thread, so a check that was descheduled midway counts the wait too: an upper bound of
 * its CPU time. The benchmark compares it with JMeter's whole CPU per sample, a figure much less noisy on a shared
 * machine than the difference between two runs with and without the assertion.
 */
final class CheckTiming {

    static final String PROPERTY = "esbbench.checkTiming";
    static final String LINE = "esb-bench: reply check time:";

    private static final LongAdder NANOS = new LongAdder();
    private static final LongAdder CHECKS = new LongAdder();
    private static volatile boolean enabled;

    private CheckTiming() {
    }

    /** Reads the property and starts from zero; called when the test starts. */
    static void reset() {
        enabled = JMeterUtils.getPropDefault(PROPERTY, false);
        NANOS.reset();
        CHECKS.reset();
    }

    static boolean enabled() {
        return enabled;
    }

    static void add(long nanos) {
        NANOS.add(nanos);
        CHECKS.increment();
    }

    /** @return null when timing was off, else the line for the log */
    static String summary() {
        if (!enabled) {
            return null;
        }
        long checks = CHECKS.sum();
        long nanos = NANOS.sum();
        return String.format(Locale.ROOT, "%s %d checks, %.3f us per check", LINE, checks,
                checks == 0 ? 0.0 : nanos / 1000.0 / checks);
    }
}
