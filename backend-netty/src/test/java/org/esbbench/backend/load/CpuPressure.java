package org.esbbench.backend.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's CPU pressure (PSI, /proc/pressure/cpu): the share of time in which some runnable task waited for a
 * core. Sampled before a latency test starts its own load, it tells whether other work was already queuing for
 * the cores, in which case a latency figure times the machine rather than the code under test.
 */
public final class CpuPressure {
    private static final Path PRESSURE = Path.of("/proc/pressure/cpu");
    private static final Pattern SOME_TOTAL = Pattern.compile("^some .*total=(\\d+)");

    private CpuPressure() {
    }

    /**
     * Percent of {@code interval} (0..100) in which some task waited for a core, measured now over that interval:
     * unlike the kernel's 10 s average it holds nothing of what ran before.
     *
     * @return the share, or NaN where the kernel does not report pressure (not Linux, PSI disabled)
     */
    public static double measurePercent(Duration interval) throws InterruptedException {
        long before = someTotalMicros();
        long start = System.nanoTime();
        Thread.sleep(interval.toMillis());
        long after = someTotalMicros();
        if (before < 0 || after < 0) {
            return Double.NaN;
        }
        double elapsedMicros = (System.nanoTime() - start) / 1_000.0;
        return Math.min(100, 100 * (after - before) / elapsedMicros);
    }

    /** @return the cumulative stall time of the "some" line in microseconds, or -1 when unavailable */
    private static long someTotalMicros() {
        try {
            return Files.isReadable(PRESSURE) ? parseSomeTotal(Files.readAllLines(PRESSURE)) : -1;
        } catch (IOException | UnsupportedOperationException e) {
            return -1; // PSI disabled at boot: the file exists but reading fails
        }
    }

    static long parseSomeTotal(List<String> lines) {
        for (String line : lines) {
            Matcher matcher = SOME_TOTAL.matcher(line);
            if (matcher.find()) {
                return Long.parseLong(matcher.group(1));
            }
        }
        return -1;
    }
}
