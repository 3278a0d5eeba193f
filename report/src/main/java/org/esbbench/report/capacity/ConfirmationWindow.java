package org.esbbench.report.capacity;

import org.esbbench.report.folder.RunParametersFile;

/**
 * The windows of a capacity search's confirmation run, the one rule the run goal measures it by and the analysis
 * reads it back with: the warm-up of a probe ({@code -DcapacityProbeWarmup} seconds, {@value #DEFAULT_WARMUP_SECONDS}
 * by default: the server is warm from the probes before it) and the run's own measurement window, so the confirmed
 * capacity is measured as long as any point of a run without a search.
 *
 * @param warmupMillis      from the scenario run's start to its measurement window
 * @param measurementMillis the measurement window
 */
public record ConfirmationWindow(long warmupMillis, long measurementMillis) {

    /** The run parameter of a probe's warm-up, seconds. */
    public static final String WARMUP_PARAMETER = "capacityProbeWarmup";
    public static final long DEFAULT_WARMUP_SECONDS = 3;

    /**
     * The confirmation's windows of the run {@code plan} describes.
     *
     * @throws IllegalArgumentException when the recorded warm-up is not a whole number of seconds from 0
     */
    public static ConfirmationWindow of(RunParametersFile plan) {
        String given = plan.parameters().get(WARMUP_PARAMETER);
        long warmup = DEFAULT_WARMUP_SECONDS;
        if (given != null && !given.isBlank()) {
            try {
                warmup = Long.parseLong(given.strip());
            } catch (NumberFormatException e) {
                warmup = -1;
            }
            if (warmup < 0) {
                throw new IllegalArgumentException("-D" + WARMUP_PARAMETER + "=" + given
                        + ": a probe's warm-up in whole seconds, from 0");
            }
        }
        return new ConfirmationWindow(warmup * 1000, plan.measurementSeconds() * 1000);
    }
}
