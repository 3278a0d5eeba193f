package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunParametersFile;

/**
 * The windows of a capacity search's confirmation run, the one rule the run goal measures it by and the analysis
 * reads it back with: the warm-up of a probe ({@link CapacitySettings#PROBE_WARMUP_SECONDS}: the server is warm from
 * the probes before it, the JMeter is new) and the run's own measurement window, so the confirmed capacity is measured
 * as long as any point of a run without a search.
 *
 * @param warmupMillis      from the scenario run's start to its measurement window
 * @param measurementMillis the measurement window
 */
public record ConfirmationWindow(long warmupMillis, long measurementMillis) {

    /** The confirmation's windows of the run {@code plan} describes. */
    public static ConfirmationWindow of(RunParametersFile plan) {
        return new ConfirmationWindow(CapacitySettings.PROBE_WARMUP_SECONDS * 1000, plan.measurementSeconds() * 1000);
    }
}
