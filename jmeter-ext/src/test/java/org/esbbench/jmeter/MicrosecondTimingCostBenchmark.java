package org.esbbench.jmeter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * CPU that the Microsecond Timing adds to one sample, as JMeter 5.6.3 calls it: {@code TestBeanHelper.prepare} and
 * {@code sampleStarting} (JMeterThread.doSampling), the sample (here a fresh SampleResult with its start and end, which
 * JMeter pays anyway), {@code sampleEnded}, {@code process} with the result (the clip to JMeter's milliseconds and
 * the variable), then {@code recoverRunningVersion} (the sample package restores each of its elements). Prints the thread's CPU nanoseconds per
 * sample with the element and without it (the same loop minus the element's three calls), after a warm-up, on one
 * thread; the difference is the element's cost, to compare with JMeter's CPU per sample in a run
 * ({@code summary.csv}'s {@code generator_cpu_us_per_sample}, or {@code bench/timing-cost.sh}).
 *
 * <pre>
 * mvn -pl jmeter-ext test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.esbbench.jmeter.MicrosecondTimingCostBenchmark
 * </pre>
 */
public final class MicrosecondTimingCostBenchmark {

    private static final int WARMUP_MS = 3000;
    private static final int MEASURE_MS = 5000;
    private static final int ROUNDS = 5;
    private static long sink;

    private MicrosecondTimingCostBenchmark() {
    }

    public static void main(String[] args) {
        JMeterProperties.load();
        JMeterContext context = JMeterContextService.getContext();
        context.setVariables(new JMeterVariables());
        MicrosecondTiming timing = new MicrosecondTiming();
        timing.setName("microsecond timing");
        timing.setRunningVersion(true);
        run(null, WARMUP_MS);
        run(timing, WARMUP_MS);
        System.out.println("round   without ns/sample   with ns/sample   element ns/sample");
        double sum = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            double without = run(null, MEASURE_MS);
            double with = run(timing, MEASURE_MS);
            sum += with - without;
            System.out.printf(Locale.ROOT, "%5d   %17.1f   %14.1f   %17.1f%n", round, without, with, with - without);
        }
        System.out.printf(Locale.ROOT, "mean element cost: %.1f ns CPU per sample (%s)%n", sum / ROUNDS,
            context.getVariables().get(MicrosecondTiming.VARIABLE) == null ? "no value!" : "variable set");
    }

    /** @return the thread's CPU nanoseconds per sample over about {@code millis}; no element: the baseline */
    private static double run(MicrosecondTiming timing, long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        JMeterContext context = JMeterContextService.getContext();
        long end = System.nanoTime() + millis * 1_000_000L;
        long samples = 0;
        long cpu0 = threads.getCurrentThreadCpuTime();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1024; i++) {
                if (timing != null) {
                    TestBeanHelper.prepare(timing);
                    timing.sampleStarting(null);
                }
                SampleResult result = new SampleResult();
                result.sampleStart();
                result.sampleEnd();
                if (timing != null) {
                    timing.sampleEnded(null);
                }
                context.setPreviousResult(result);
                if (timing != null) {
                    timing.process();
                    timing.recoverRunningVersion();
                }
                sink ^= result.getEndTime();
            }
            samples += 1024;
        }
        return (threads.getCurrentThreadCpuTime() - cpu0) / (double) samples;
    }
}
