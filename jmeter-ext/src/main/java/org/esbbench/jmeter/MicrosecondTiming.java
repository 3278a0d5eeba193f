package org.esbbench.jmeter;

import java.io.Serializable;

import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.esbbench.jmeter.arrivals.ArrivalContext;
import org.esbbench.jmeter.arrivals.ArrivalTiming;
import org.esbbench.jmeter.engine.LoadTimer;

/**
 * Times every sample in its scope in microseconds into the JMeter variable {@value #VARIABLE}, which the suite
 * writes as an extra results-file column ({@code sample_variables=elapsed_us}). JMeter's own {@code elapsed} is in
 * whole milliseconds, so a sub-millisecond server would otherwise show p50 {@code 0 ms}.
 *
 * <p>Two roles, both cheap. As a {@link SampleMonitor} it reads {@code System.nanoTime()} as JMeter 5.6.3's
 * {@code JMeterThread.doSampling} calls it, right before and right after {@code sampler.sample()}. As a
 * {@link PostProcessor} (the first thing JMeter runs with the sample's result) it clips that bracket to the
 * milliseconds in which JMeter's own {@code sampleStart()} and {@code sampleEnd()} fell ({@link SampleBracket}): the
 * sampler's set-up before its {@code sampleStart()} (the first sample's HttpClient) and a pause that lands outside
 * JMeter's own bracket are left out as JMeter leaves them out, and {@value #VARIABLE} agrees with {@code elapsed}
 * within 1 ms. The variable is set before the sample's event is built, which is when {@code sample_variables} are
 * read; a sample the monitor did not bracket (a Transaction Controller's) gets no value.
 *
 * <p>The first sample of an open-model arrival of the suite's Scheduled Arrivals Thread Group is also timed from when
 * the arrival was due ({@link ArrivalTiming}: {@code intended_us}, {@code lateness_us}, {@code response_us}): its
 * response time as a user sees it, the generator's delays included, beside {@value #VARIABLE}, its service time.
 *
 * <p>JMeter clones the tree per thread, so normally each thread has its own instance; the bracket is kept per thread
 * all the same (a {@link ThreadLocal} of this instance), so an instance shared between threads stays correct.
 *
 * <p>Being in every plan the suite ships, it is also the one element sure to be called before the thread groups
 * start: as a {@link TestStateListener} it installs the suite's {@link LoadTimer} in a headless scenario run of the
 * suite. The init script that otherwise installs it runs beside the engine and, with JMeter's start as quick as it
 * is, often after the groups have started: the timer then times the load from when it noticed them, up to a second
 * late, and the measurement window reaches past the load's end.
 */
public class MicrosecondTiming extends AbstractTestElement implements SampleMonitor, PostProcessor, TestStateListener,
        Serializable {

    private static final long serialVersionUID = 1L;

    /** The JMeter variable, and so the results-file column, holding the sample's elapsed microseconds. */
    public static final String VARIABLE = "elapsed_us";

    /** JMeter's timestamps come from System.nanoTime (its default); only then do they line up with ours. */
    private static final boolean JMETER_NANO_CLOCK = JMeterUtils.getPropDefault("sampleresult.useNanoTime", true);

    private static final int START = 0;
    private static final int END = 1;
    private static final long NONE = Long.MIN_VALUE;

    /** This thread's bracket of the sample in progress or just ended (System.nanoTime); END = NONE once used. */
    private transient ThreadLocal<long[]> bracket = newBracket();

    @Override
    public void testStarted() {
        LoadTimer.installForSuiteRun();
    }

    @Override
    public void testStarted(String host) {
        LoadTimer.installForSuiteRun();
    }

    @Override
    public void testEnded() {
        // the timer ends itself with the test
    }

    @Override
    public void testEnded(String host) {
        // the timer ends itself with the test
    }

    @Override
    public void sampleStarting(Sampler sampler) {
        long[] b = bracket();
        b[END] = NONE;
        b[START] = System.nanoTime(); // last thing before sample()
    }

    @Override
    public void sampleEnded(Sampler sampler) {
        long ended = System.nanoTime(); // first thing after sample()
        bracket()[END] = ended;
    }

    @Override
    public void process() {
        long[] b = bracket();
        long start = b[START];
        long end = b[END];
        b[END] = NONE;
        JMeterContext context = JMeterContextService.getContext();
        JMeterVariables vars = context.getVariables();
        if (vars == null) {
            return;
        }
        SampleResult result = context.getPreviousResult();
        if (end == NONE || result == null) {
            vars.remove(VARIABLE);
            ArrivalTiming.NONE.put(vars);
            return;
        }
        if (!JMETER_NANO_CLOCK) {
            vars.put(VARIABLE, Long.toString(Math.max(0, (end - start) / 1_000)));
            ArrivalTiming.of(ArrivalContext.firstSample(), start, Math.max(start, end)).put(vars);
            return;
        }
        // The sample's bracket as JMeter counts it, {from, to} in System.nanoTime.
        long offset = offsetMillis(result);
        long[] sent = SampleBracket.clip(start, end, result.getStartTime() - offset, result.getEndTime() - offset);
        vars.put(VARIABLE, Long.toString(Math.max(0, (sent[1] - sent[0]) / 1_000)));
        ArrivalTiming.of(ArrivalContext.firstSample(), sent[0], sent[1], offset).put(vars);
    }

    /** JMeter's offset of this result's timestamps from nanoTime's milliseconds (read within one millisecond). */
    private static long offsetMillis(SampleResult result) {
        long before;
        long jmeterNow;
        long after;
        int tries = 0;
        do {
            before = System.nanoTime() / 1_000_000;
            jmeterNow = result.currentTimeInMillis();
            after = System.nanoTime() / 1_000_000;
        } while (before != after && ++tries < 3);
        return jmeterNow - after;
    }

    private long[] bracket() {
        ThreadLocal<long[]> slots = bracket;
        if (slots == null) { // deserialised on a remote engine: transient fields are not restored
            slots = newBracket();
            bracket = slots;
        }
        return slots.get();
    }

    /** Clones (JMeter's per-thread copies) are built by the constructor, so each gets its own slots. */
    private static ThreadLocal<long[]> newBracket() {
        return ThreadLocal.withInitial(() -> new long[] {NONE, NONE});
    }
}
