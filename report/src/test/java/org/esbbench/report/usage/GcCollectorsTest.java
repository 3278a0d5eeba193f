package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GcCollectorsTest {
    @Test
    void onlyTheCycleBeansOfZgcAndShenandoahAreConcurrent() {
        assertThat(GcCollectors.isConcurrent("ZGC Cycles")).isTrue();
        assertThat(GcCollectors.isConcurrent("ZGC Major Cycles")).isTrue();
        assertThat(GcCollectors.isConcurrent("ZGC Minor Cycles")).isTrue();
        assertThat(GcCollectors.isConcurrent("Shenandoah Cycles")).isTrue();

        assertThat(GcCollectors.isConcurrent("ZGC Pauses")).isFalse();
        assertThat(GcCollectors.isConcurrent("Shenandoah Pauses")).isFalse();
        assertThat(GcCollectors.isConcurrent("G1 Young Generation")).isFalse();
        assertThat(GcCollectors.isConcurrent("G1 Old Generation")).isFalse();
        // JDK 20+: the Remark and Cleanup pauses of G1's concurrent cycle
        assertThat(GcCollectors.isConcurrent("G1 Concurrent GC")).isFalse();
        assertThat(GcCollectors.isConcurrent("PS Scavenge")).isFalse();
        assertThat(GcCollectors.isConcurrent("Copy")).isFalse();
    }

    @Test
    void fullCollectionsAreMajorPausesOrWholeHeapCyclesFromSystemGc() {
        assertThat(GcCollectors.isFullCollection("G1 Old Generation", "end of major GC", "System.gc()")).isTrue();
        assertThat(GcCollectors.isFullCollection("G1 Old Generation", "end of major GC", "G1 Humongous Allocation")).isTrue();
        assertThat(GcCollectors.isFullCollection("PS MarkSweep", "end of major GC", "Ergonomics")).isTrue();
        assertThat(GcCollectors.isFullCollection("ZGC Cycles", "end of GC cycle", "System.gc()")).isTrue();
        assertThat(GcCollectors.isFullCollection("Shenandoah Cycles", "end of GC cycle", "System.gc()")).isTrue();

        assertThat(GcCollectors.isFullCollection("G1 Young Generation", "end of minor GC", "System.gc()")).isFalse();
        assertThat(GcCollectors.isFullCollection("ZGC Pauses", "end of GC pause", "System.gc()")).isFalse();
        assertThat(GcCollectors.isFullCollection("ZGC Cycles", "end of GC cycle", "Allocation Rate")).isFalse();
    }
}
