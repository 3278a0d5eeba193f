package org.esbbench.jmeter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.esbbench.jmeter.arrivals.Arrival;
import org.esbbench.jmeter.arrivals.ArrivalClock;
import org.esbbench.jmeter.arrivals.ArrivalTiming;
import org.esbbench.jmeter.arrivals.ArrivalsForTests;

/**
 * CPU that the Microsecond Timing adds to one sample, as JMeter 5.6.3 calls it: {@code TestBeanHelper.prepare} and
 * {@code sampleStarting} (JMeterThread.doSampling), the sample (here a fresh SampleResult with its start and end, which
 * JMeter pays anyway), {@code sampleEnded}, {@code process} with the result (the clip to JMeter's milliseconds and
 * the variable), then {@code recoverRunningVersion} (the sample package restores each of its elements). Prints the thread's CPU nanoseconds per
 * sample with the element and without it (the same loop minus the element's three calls), after a warm-up, on one
 * thread; the difference is the element's cost, to compare with JMeter's CPU per sample in a run
 * ({@code summary.csv}'s {@code generator_cpu_us_per_sample}, or {@code bench/timing-cost.sh}).
 *
 * <p>A third loop adds what the open model's arrivals cost on top (the Scheduled Arrivals Thread Group): the arrival
 * passes through the group's queue (offered as the scheduling thread does, taken as a pooled thread does, with the
 * accounting of requests in flight and blocked time), the thread marks it as its controller does at each iteration's
 * start, and the element times the sample from the arrival's due time as well (the {@code intended_us},
 * {@code taken_us}, {@code blocked_us}, {@code lateness_us} and {@code response_us} variables).
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
        run(null, false, WARMUP_MS);
        run(timing, false, WARMUP_MS);
        run(timing, true, WARMUP_MS);
        System.out.println("round   without ns/sample   with ns/sample   element ns/sample   with arrival ns/sample"
                + "   arrival timing ns/sample");
        double sum = 0;
        double sumArrival = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            double without = run(null, false, MEASURE_MS);
            double with = run(timing, false, MEASURE_MS);
            double arrival = run(timing, true, MEASURE_MS);
            sum += with - without;
            sumArrival += arrival - with;
            System.out.printf(Locale.ROOT, "%5d   %17.1f   %14.1f   %17.1f   %22.1f   %24.1f%n", round, without, with,
                    with - without, arrival, arrival - with);
        }
        System.out.printf(Locale.ROOT, "mean element cost: %.1f ns CPU per sample (%s)%n", sum / ROUNDS,
            context.getVariables().get(MicrosecondTiming.VARIABLE) == null ? "no value!" : "variable set");
        System.out.printf(Locale.ROOT, "mean arrival timing cost on top: %.1f ns CPU per sample (%s)%n",
                sumArrival / ROUNDS, context.getVariables().get(ArrivalTiming.RESPONSE) == null ? "no value!"
                        : "variables set");
    }

    /**
     * @param timing  the element, null for the baseline
     * @param arrival whether each sample is an open-model arrival's first (timed from its due time too)
     * @return the thread's CPU nanoseconds per sample over about {@code millis}
     */
    private static double run(MicrosecondTiming timing, boolean arrival, long millis) {
        ArrivalClock clock = ArrivalClock.now();
        Object queue = ArrivalsForTests.queueOfOne();
        ArrivalsForTests.end(); // a loop without arrivals is the closed model's: no arrival left from the last loop
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        JMeterContext context = JMeterContextService.getContext();
        long end = System.nanoTime() + millis * 1_000_000L;
        long samples = 0;
        long cpu0 = threads.getCurrentThreadCpuTime();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1024; i++) {
                if (arrival) {
                    ArrivalsForTests.begin(ArrivalsForTests.throughQueue(queue,
                            new Arrival(samples + i, System.nanoTime(), clock)));
                }
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
