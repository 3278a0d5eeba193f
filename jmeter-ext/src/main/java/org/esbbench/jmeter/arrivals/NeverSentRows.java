package org.esbbench.jmeter.arrivals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;

/**
 * The arrivals a run ended before any thread sent them, written as results-file rows so that no arrival due in a
 * window is lost from its figures: a failed sample of the group's first sampler's label, failure message
 * {@value #NOT_SENT}…, no service time ({@code elapsed_us} 0) and, as every arrival, its due time, its blocked time and
 * lateness so far and a response time that is the wait until the run ended: a lower bound of what a user would have
 * seen.
 *
 * <p>They go to the test's result collectors (the results file of {@code -l} and those of the plan), the listeners
 * that write rows; not to other sample listeners, which a plan may scope to its samplers' own results.
 */
final class NeverSentRows {
    /** The failure message's prefix of an arrival that was never sent (the analysis counts them by it). */
    static final String NOT_SENT = "not sent: ";
    static final String RESPONSE_CODE = "not sent";

    private final List<SampleListener> collectors;
    private final ListenerNotifier notifier;
    private final String label;
    private final String groupName;

    private NeverSentRows(List<SampleListener> collectors, ListenerNotifier notifier, String label, String groupName) {
        this.collectors = collectors;
        this.notifier = notifier;
        this.label = label;
        this.groupName = groupName;
    }

    /** The rows' listeners and label as found in the group's tree (its test-level elements included). */
    static NeverSentRows of(HashTree tree, ListenerNotifier notifier, String groupName) {
        SearchByClass<ResultCollector> collectors = new SearchByClass<>(ResultCollector.class);
        tree.traverse(collectors);
        SearchByClass<Sampler> samplers = new SearchByClass<>(Sampler.class);
        tree.traverse(samplers);
        String label = samplers.getSearchResults().stream().findFirst().map(Sampler::getName).orElse(groupName);
        return new NeverSentRows(new ArrayList<>(collectors.getSearchResults()), notifier, label, groupName);
    }

    /** Writes one row per arrival, each ended at {@code nowNanos}. */
    void write(List<Arrival> arrivals, long nowNanos, String why) {
        if (arrivals.isEmpty() || collectors.isEmpty()) {
            return;
        }
        for (Arrival a : arrivals) {
            SampleResult result = new SampleResult();
            long stamp = result.currentTimeInMillis();
            result.setStampAndTime(stamp, 0);
            result.setSampleLabel(label);
            result.setSuccessful(false);
            result.setResponseCode(RESPONSE_CODE);
            result.setResponseMessage(why);
            AssertionResult failure = new AssertionResult("arrival");
            failure.setFailure(true);
            failure.setFailureMessage(NOT_SENT + why);
            result.addAssertionResult(failure);
            JMeterVariables vars = new JMeterVariables();
            vars.put(org.esbbench.jmeter.MicrosecondTiming.VARIABLE, "0");
            // JMeter's clock: nanoTime's milliseconds plus this offset, as the timing element writes the sent ones
            long offset = stamp - nowNanos / 1_000_000;
            ArrivalTiming.of(Optional.of(a), nowNanos, nowNanos, offset).put(vars);
            notifier.notifyListeners(new SampleEvent(result, groupName, vars), collectors);
        }
    }
}
