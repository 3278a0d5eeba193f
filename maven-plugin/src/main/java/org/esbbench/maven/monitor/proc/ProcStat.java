package org.esbbench.maven.monitor.proc;

/**
 * The CPU times in a line of /proc/PID/stat or /proc/PID/task/TID/stat: "pid (comm) state ppid ... utime stime cutime
 * cstime ...", fields 14 to 17, in clock ticks. comm may hold blanks and parentheses, so the fields are counted from
 * the last ')'. A line too short or not numeric there throws, which the readers of /proc take for a process or
 * thread that ended meanwhile.
 */
public final class ProcStat {
    /** The kernel's USER_HZ: /proc/PID/stat counts in 1/100 s on every Linux architecture in use. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcStat() {
    }

    /**
     * The fields after the command name: [0] is field 3 (state), utime (14) [11], stime (15) [12], cutime (16) [13],
     * cstime (17) [14]. A line without ')', which /proc does not write, is split whole.
     */
    public static String[] fields(String line) {
        return line.substring(line.lastIndexOf(')') + 1).trim().split("\\s+");
    }

    /** utime + stime: the time of a process's own threads, or of one thread (a thread has no children's time). */
    public static long userSystemTicks(String line) {
        return userSystemTicks(fields(line));
    }

    public static long userSystemTicks(String[] fields) {
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** cutime + cstime: the time of the children the process has waited for. */
    public static long waitedChildrenTicks(String[] fields) {
        return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    }

    public static long millis(long ticks) {
        return ticks * 1000 / TICKS_PER_SECOND;
    }
}
