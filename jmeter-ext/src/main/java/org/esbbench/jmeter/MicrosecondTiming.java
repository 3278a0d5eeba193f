package org.esbbench.jmeter;

import java.io.Serializable;

import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Times every sample of its thread in microseconds into the JMeter variable {@value #VARIABLE}, which the suite
 * writes as an extra results-file column ({@code sample_variables=elapsed_us}). JMeter's own {@code elapsed} is in
 * whole milliseconds, so a sub-millisecond server would otherwise show p50 {@code 0 ms}.
 *
 * <p>A {@link SampleMonitor}: JMeter 5.6.3's {@code JMeterThread.doSampling} calls every monitor of the thread's
 * tree, wherever it sits, right before and right after {@code sampler.sample()}, with nothing in between but the
 * sample (pre-processors and timers run before, post-processors and assertions after). The variable is set before
 * the post-processors run and so before the sample's event is built, which is when {@code sample_variables} are
 * read. The bracket holds JMeter's own (from {@code sampleStart()} to {@code sampleEnd()} inside the sampler) plus the
 * sampler's own set-up and tear-down around it: a few microseconds per sample.
 *
 * <p>JMeter clones the tree per thread, so normally each thread has its own instance; the start time is kept per
 * thread all the same ({@link ThreadLocal} of this instance), so an instance shared between threads (a subclass
 * marked {@code NoThreadClone}, a thread group that does not clone) still times each thread's own sample.
 */
public class MicrosecondTiming extends AbstractTestElement implements SampleMonitor, Serializable {

    private static final long serialVersionUID = 1L;

    /** The JMeter variable, and so the results-file column, holding the sample's elapsed microseconds. */
    public static final String VARIABLE = "elapsed_us";

    /** The start of the sample in progress on this thread (System.nanoTime), one slot per thread. */
    private transient ThreadLocal<long[]> started = ThreadLocal.withInitial(() -> new long[1]);

    @Override
    public void sampleStarting(Sampler sampler) {
        // Last thing before sample(): the bracket starts as late as JMeter allows.
        startSlot()[0] = System.nanoTime();
    }

    @Override
    public void sampleEnded(Sampler sampler) {
        // First thing after sample(): read the clock before any other work.
        long ended = System.nanoTime();
        long elapsedMicros = Math.max(0, (ended - startSlot()[0]) / 1_000);
        // The calling thread's own context: AbstractTestElement may hold the context of the thread that first asked.
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            vars.put(VARIABLE, Long.toString(elapsedMicros));
        }
    }

    /** Clones (JMeter's per-thread copies) are built by the constructor, so each gets its own slots. */
    private long[] startSlot() {
        ThreadLocal<long[]> slots = started;
        if (slots == null) { // deserialised (remote engine): transient fields are not restored
            slots = ThreadLocal.withInitial(() -> new long[1]);
            started = slots;
        }
        return slots.get();
    }
}
