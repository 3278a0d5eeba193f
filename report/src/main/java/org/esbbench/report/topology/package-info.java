/**
 * The machine's CPU topology: which CPUs are hardware threads of one physical core, on which socket and NUMA node,
 * read from Linux's {@code /sys/devices/system} (or a copy of another machine's), and the choice of whole physical
 * cores for the server under test that shares no core with the load generator, within the CPUs a build may use.
 * The run's planner ({@code maven-plugin}'s {@code cores}) turns the choice into the run's layout.
 */
package org.esbbench.report.topology;
