package org.esbbench.report.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stacks as async-profiler's converter writes them for a server ({@code --dot}): Java frames with their kind's suffix,
 * kernel frames with {@code _[k]}, the JVM's C++ and libc's without.
 */
class ProfileBreakdownTest {
    static final List<String> SERVER = List.of(
            "java.lang.Thread.run_[j];io.netty.channel.nio.NioEventLoop.run_[j];"
                    + "net.sf.saxon.jaxp.TransformerImpl.transform_[i];net.sf.saxon.tree.tiny.TinyTree.getNodeKind_[j] 40",
            "java.lang.Thread.run_[j];io.netty.channel.nio.NioEventLoop.run_[j];"
                    + "net.sf.saxon.jaxp.TransformerImpl.transform_[i];java.util.HashMap.get_[i] 10",
            "java.lang.Thread.run_[j];io.netty.channel.nio.NioEventLoop.run_[j];"
                    + "sun.nio.ch.SocketDispatcher.write0_[j];__send;do_syscall_64_[k];tcp_sendmsg_[k] 20",
            "thread_native_entry;Thread::call_run;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 15",
            "thread_native_entry;Thread::call_run;WorkerThread::run;G1ParScanThreadState::trim_queue 6",
            "thread_native_entry;Thread::call_run;VMThread::run;SafepointSynchronize::begin 4",
            "start_thread;__memmove_avx_unaligned_erms 5");

    @Test
    void eachSampleGoesToTheLibraryOfItsInnermostJavaFrameOrToTheJvmsOwnThreads() {
        ProfileBreakdown b = ProfileBreakdown.of(CollapsedStacks.of(SERVER));

        assertThat(b.total()).isEqualTo(100);
        assertThat(b.groups()).extracting(ProfileBreakdown.Share::name).containsExactly("net.sf.saxon", "sun.nio",
                FrameGroup.JIT, "java.util", FrameGroup.GC, FrameGroup.NATIVE, FrameGroup.JVM);
        assertThat(b.groups().get(0).percent()).isCloseTo(40, within(1e-9));
        // The kernel's time under a socket write is the I/O library's that made it.
        assertThat(b.groups().get(1).count()).isEqualTo(20);
        assertThat(b.groupLine(3)).isEqualTo("net.sf.saxon 40 %, sun.nio 20 %, JIT compiler 15 %, other 25 %");
    }

    @Test
    void selfTimeIsTheInnermostFrames() {
        ProfileBreakdown b = ProfileBreakdown.of(CollapsedStacks.of(SERVER));

        assertThat(b.frames().get(0).name()).isEqualTo("net.sf.saxon.tree.tiny.TinyTree.getNodeKind");
        assertThat(b.frames().get(1).name()).isEqualTo("tcp_sendmsg [kernel]");
        assertThat(b.frameLine(1)).isEqualTo("net.sf.saxon.tree.tiny.TinyTree.getNodeKind 40 %, other 60 %");
    }

    @Test
    void librariesKeepThreePartsUnderOrgNetAndComAndTwoElsewhere() {
        assertThat(FrameGroup.library("org.apache.camel.impl.engine.DefaultChannel.process")).isEqualTo("org.apache.camel");
        assertThat(FrameGroup.library("org.apache.xml.security.signature.XMLSignature.sign")).isEqualTo("org.apache.xml");
        assertThat(FrameGroup.library("com.ctc.wstx.sr.BasicStreamReader.next")).isEqualTo("com.ctc.wstx");
        assertThat(FrameGroup.library("io.netty.buffer.PooledByteBufAllocator.newDirectBuffer")).isEqualTo("io.netty");
        assertThat(FrameGroup.library("java.lang.invoke.LambdaForm$MH.invoke")).isEqualTo("java.lang");
        assertThat(FrameGroup.library("Busy.main")).isEqualTo("(default package)");
    }

    @Test
    void aFramesWidthIsTheShareOfStacksThatHoldIt() {
        CollapsedStacks stacks = CollapsedStacks.of(SERVER);

        assertThat(stacks.inclusiveShare(f -> f.startsWith("net.sf.saxon.jaxp.TransformerImpl.transform")))
                .isCloseTo(0.5, within(1e-9));
        assertThat(stacks.inclusiveShare(f -> f.equals("io.netty.channel.nio.NioEventLoop.run"))).isCloseTo(0.7, within(1e-9));
    }

    @Test
    void repeatsAddUpAndABaselineScales() {
        CollapsedStacks one = CollapsedStacks.of(List.of("a.b.C.m_[j] 3", "a.b.C.n_[j] 1", "not a stack line"));
        CollapsedStacks both = one.plus(CollapsedStacks.of(List.of("a.b.C.m_[j] 2")));

        assertThat(both.total()).isEqualTo(6);
        assertThat(both.counts()).containsEntry("a.b.C.m_[j]", 5L);
        assertThat(both.scaled(2).total()).isEqualTo(12);
        assertThat(CollapsedStacks.empty().isEmpty()).isTrue();
    }

    @Test
    void aLambdasGeneratedNumberIsDroppedSoThatTwoRunsStacksMeet() {
        CollapsedStacks stacks = CollapsedStacks.of(List.of(
                "a.B$$Lambda$1099.run_[j];a.B.lambda$x$0_[j] 3",
                "a.B$$Lambda$2001.run_[j];a.B.lambda$x$0_[j] 2",
                "a.B$$Lambda+0x0000000801234567/0x0000000801234890.run_[j];a.B.lambda$x$0_[j] 1"));

        assertThat(stacks.counts()).containsExactly(java.util.Map.entry("a.B$$Lambda.run_[j];a.B.lambda$x$0_[j]", 6L));
    }

    @Test
    void sharesAreWrittenAsTheSummaryReadsThem() {
        assertThat(ProfileBreakdown.percent(38.4)).isEqualTo("38 %");
        assertThat(ProfileBreakdown.percent(4.26)).isEqualTo("4.3 %");
        assertThat(ProfileBreakdown.percent(0.01)).isEqualTo("<0.1 %");
    }

    @Test
    void aDifferenceListsTheLargestMovesOfShare() {
        CollapsedStacks base = CollapsedStacks.of(List.of("x.y.A.slow_[j] 50", "x.y.B.fast_[j] 50"));
        CollapsedStacks current = CollapsedStacks.of(List.of("x.y.A.slow_[j] 240", "x.y.B.fast_[j] 60"));

        ProfileDifference d = ProfileDifference.of("p", base, current);

        assertThat(d.frames()).extracting(ProfileDifference.Move::name).containsExactly("x.y.A.slow", "x.y.B.fast");
        assertThat(d.frames().get(0).points()).isCloseTo(30, within(1e-9));
        assertThat(d.frameLine(1)).isEqualTo("x.y.A.slow +30.0 pt (50.0 → 80.0 %)");
        assertThat(d.groups()).hasSize(1);
        assertThat(d.groups().get(0).points()).isCloseTo(0, within(1e-9));
    }
}
