/**
 * The capacity search as the run goal runs it ({@code -Dcapacity}): per point, the server warmed once, then probes of
 * the open model at the rates the search ({@code org.esbbench.report.capacity.CapacitySearch}) chooses, each one
 * JMeter run analysed as soon as it ends, and a confirmation window at the capacity found; every probe recorded as it
 * ends, so a stopped search resumes from the last.
 */
package org.esbbench.maven.capacity;
