package org.esbbench.maven.monitor;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One reading of the CPU a process tree's threads have run, to the nanosecond, all and its JIT compiler threads'
 * ({@link ThreadTimes}, which keeps them as counters for the monitor). Threads that ended are not counted: right
 * for short spans of a steady process, such as the idle probe. Linux only.
 *
 * @param allNs      every live thread's run time
 * @param compilerNs the JIT compiler threads' part of it
 */
public record ThreadRunTime(long allNs, long compilerNs) {

    /** The threads of {@code root} and its descendants now; empty when none could be read. */
    public static Optional<ThreadRunTime> of(ProcessHandle root) {
        Map<Long, Long> ns = new HashMap<>();
        Map<Long, Boolean> compiler = new HashMap<>();
        ThreadTimes.readTree(root, ns, compiler);
        if (ns.isEmpty()) {
            return Optional.empty();
        }
        long all = 0;
        long compilers = 0;
        for (Map.Entry<Long, Long> e : ns.entrySet()) {
            all += e.getValue();
            compilers += compiler.get(e.getKey()) ? e.getValue() : 0;
        }
        return Optional.of(new ThreadRunTime(all, compilers));
    }
}
