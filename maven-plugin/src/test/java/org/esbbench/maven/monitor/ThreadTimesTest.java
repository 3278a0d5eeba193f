package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadTimesTest {

    @Test
    void theJvmsCompilerThreadsAreKnownByTheNamesTheKernelCutsTo15Characters() {
        assertThat(ThreadTimes.compiles("C2 CompilerThre")).isTrue();
        assertThat(ThreadTimes.compiles("C1 CompilerThre")).isTrue();
        assertThat(ThreadTimes.compiles("JIT Compilation")).isTrue();
        assertThat(ThreadTimes.compiles("esb-netty-2-1")).isFalse();
        assertThat(ThreadTimes.compiles("GC Thread#0")).isFalse();
    }

    @Test
    void thisJvmsCompilerThreadsHaveRunAndAreAPartOfItsThreadsTime() {
        // this test's own JVM has compiled (it is running JUnit); a JVM started with -Xint would have no such thread
        ProcessHandle self = ProcessHandle.current();
        ThreadRunTime now = ThreadRunTime.of(self).orElseThrow();
        assertThat(now.compilerNs()).isPositive().isLessThan(now.allNs());
        ThreadTimes counters = new ThreadTimes(() -> java.util.Optional.of(self));
        assertThat(counters.all().cpuMillis()).hasValue(0); // the first reading is the baseline
        assertThat(counters.compiler().cpuMillis()).hasValue(0);
        assertThat(new ThreadTimes(java.util.Optional::empty).all().cpuMillis()).isEmpty();
    }

    @Test
    void aThreadsRunTimeIsCountedToTheMillisecond() {
        ThreadTimes counters = new ThreadTimes(() -> java.util.Optional.of(ProcessHandle.current()));
        long before = counters.all().cpuMillis().orElseThrow();
        // this thread runs 1.1 s of CPU (however long that takes on a busy machine), then the next reading
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 1_100_000_000L;
        long spins = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            spins++;
        }
        long after = counters.all().cpuMillis().orElseThrow();
        assertThat(after - before).as("after " + spins + " spins").isGreaterThanOrEqualTo(1_100);
    }
}
