package org.esbbench.report.run;

import org.esbbench.report.usage.WindowUsage;

/** Where a scenario run's CPU and GC figures come from: the run's records, or nowhere (results files alone). */
@FunctionalInterface
public interface WindowUsageSource {
    WindowUsageSource NONE = (samples, from, to) -> WindowUsage.UNKNOWN;

    /** The usage over the measurement window [from, to] (epoch ms) of a scenario run with {@code samples}. */
    WindowUsage usage(long samples, long from, long to);
}
