package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CompilerThreadsTest {

    @Test
    void theJvmsCompilerThreadsAreKnownByTheNamesTheKernelCutsTo15Characters() {
        assertThat(CompilerThreads.compiles("C2 CompilerThre")).isTrue();
        assertThat(CompilerThreads.compiles("C1 CompilerThre")).isTrue();
        assertThat(CompilerThreads.compiles("JIT Compilation")).isTrue();
        assertThat(CompilerThreads.compiles("esb-netty-2-1")).isFalse();
        assertThat(CompilerThreads.compiles("GC Thread#0")).isFalse();
    }

    @Test
    void thisJvmsCompilerThreadsHaveRunAndAreAPartOfItsThreadsTime() {
        // this test's own JVM has compiled (it is running JUnit); a JVM started with -Xint would have no such thread
        ProcessHandle self = ProcessHandle.current();
        OptionalLong jit = ThreadRunTime.compilerNanos(self);
        OptionalLong all = ThreadRunTime.nanos(self);
        assertThat(jit).isPresent();
        assertThat(jit.getAsLong()).isPositive().isLessThan(all.orElseThrow());
        CompilerThreads counter = new CompilerThreads(() -> java.util.Optional.of(self));
        assertThat(counter.cpuMillis()).hasValue(0); // the first reading is the baseline
    }
}
