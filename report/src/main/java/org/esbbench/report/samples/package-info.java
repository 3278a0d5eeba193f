/**
 * The samples of a JMeter CSV results file and what the analysis makes of them: each row read as a {@link
 * org.esbbench.report.samples.Sample} ({@link org.esbbench.report.samples.JtlReader}, streamed; {@link
 * org.esbbench.report.samples.JtlFollower} while JMeter still writes the file), the windows they fall in ({@link
 * org.esbbench.report.samples.Window}: warm-up, measurement, after), the statistics of each window and the
 * measurement window over time ({@link org.esbbench.report.samples.WindowedResults}, {@link
 * org.esbbench.report.samples.Statistics}, {@link org.esbbench.report.samples.ThroughputSeries}), and the response
 * times' histograms of microseconds with how they were timed ({@link org.esbbench.report.samples.LatencyHistogram},
 * {@link org.esbbench.report.samples.LatencyTiming}).
 */
package org.esbbench.report.samples;
