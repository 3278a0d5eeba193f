package org.esbbench.report;

/**
 * One scenario run in a summary: the point measured (what was run, with what) and its figures.
 *
 * @param scenario            scenario id
 * @param heap                the server's heap setting as given (e.g. "512m"), or "" when not known
 * @param users               concurrent users (closed model)
 * @param sizeBytes           payload size
 * @param delayMillis         backend delay
 * @param statistics          the measurement window's figures
 * @param cpuMicrosPerMessage server CPU time per message in the measurement window, or {@code null} when the
 *                            suite did not start the server and has no CPU figure for it
 */
public record SummaryRow(String scenario, String heap, int users, int sizeBytes, long delayMillis,
                         Statistics statistics, Double cpuMicrosPerMessage) {
}
