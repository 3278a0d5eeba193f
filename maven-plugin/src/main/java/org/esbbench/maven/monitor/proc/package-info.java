/**
 * The kernel's CPU counters of the processes and threads the monitor follows, as Linux's {@code /proc} gives them:
 * the times in a {@code stat} line ({@link org.esbbench.maven.monitor.proc.ProcStat}) and every thread of a process
 * tree ({@link org.esbbench.maven.monitor.proc.ProcTasks}), read so that what ends meanwhile is skipped.
 */
package org.esbbench.maven.monitor.proc;
