/**
 * Capacity under a latency objective ({@code -Dcapacity='p99<=20ms'}): the objective's grammar ({@link
 * org.esbbench.report.capacity.Objective}), the search over arrival rates ({@link
 * org.esbbench.report.capacity.CapacitySearch}: exponential, then bisection, noisy decisions repeated), how one probe
 * is judged ({@link org.esbbench.report.capacity.ProbeJudgement}: the objective, the generator's schedule, the
 * in-flight cap), the files a search leaves in the run folder ({@code capacity/probes.csv}, {@code
 * capacity/capacity.csv}) and how they are reported.
 */
package org.esbbench.report.capacity;
