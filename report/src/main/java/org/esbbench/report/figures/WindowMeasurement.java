package org.esbbench.report.figures;

import org.HdrHistogram.AbstractHistogram;
import org.esbbench.report.samples.Statistics;
import org.esbbench.report.usage.WindowUsage;

/**
 * What one scenario run's figures are computed from: the measurement window's statistics, its response-time
 * histogram and the CPU/GC usage over the window.
 *
 * @param statistics the measurement window's statistics
 * @param histogram  its response times in an HdrHistogram of microseconds, tagged with their timing
 *                   ({@link org.esbbench.report.samples.LatencyHistogram})
 * @param usage      CPU and GC figures over the window; {@link WindowUsage#UNKNOWN} without records
 */
public record WindowMeasurement(Statistics statistics, AbstractHistogram histogram, WindowUsage usage) {
}
