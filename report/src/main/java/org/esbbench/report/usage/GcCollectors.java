package org.esbbench.report.usage;

/**
 * What a HotSpot collector's JMX notification stands for, by the collector ({@code GarbageCollectorMXBean})
 * name, action and cause the JVM reports. Names as JDK 17 to 21 report them (checked on JDK 17):
 * <ul>
 *   <li>Serial: "Copy" (young), "MarkSweepCompact" (full); Parallel: "PS Scavenge", "PS MarkSweep";</li>
 *   <li>G1: "G1 Young Generation" (young and mixed pauses), "G1 Old Generation" (full, stop-the-world), and
 *       from JDK 20 "G1 Concurrent GC", which despite its name reports the Remark and Cleanup
 *       <em>pauses</em> of the concurrent cycle (JDK-8297247). On JDK 17 those two pauses are reported by no
 *       bean at all, so G1 figures here leave them out (they are usually a few ms per concurrent cycle);</li>
 *   <li>ZGC: "ZGC Cycles" (the concurrent cycle) and "ZGC Pauses"; generational ZGC (JDK 21):
 *       "ZGC Minor Cycles", "ZGC Minor Pauses", "ZGC Major Cycles", "ZGC Major Pauses";</li>
 *   <li>Shenandoah: "Shenandoah Cycles" and "Shenandoah Pauses".</li>
 * </ul>
 */
public final class GcCollectors {
    /** Action of a stop-the-world whole-heap collection of Serial, Parallel and G1. */
    public static final String MAJOR_GC_ACTION = "end of major GC";
    public static final String SYSTEM_GC_CAUSE = "System.gc()";

    private GcCollectors() {
    }

    /**
     * True for a collector whose reported duration is a concurrent cycle that runs beside the application
     * (ZGC and Shenandoah "... Cycles"); its pauses are reported separately by the matching "... Pauses" bean,
     * so counting the cycle too would count that time twice and mostly count time the application ran.
     */
    public static boolean isConcurrent(String collector) {
        return collector.endsWith(" Cycles");
    }

    /**
     * True for a collection of the whole heap: a stop-the-world full collection ("end of major GC"), or a
     * concurrent cycle started by {@code System.gc()} (which ZGC and Shenandoah run over the whole heap). The heap
     * left after it is the live data plus what the collector could not free: the footprint after full GC.
     */
    public static boolean isFullCollection(String collector, String action, String cause) {
        return MAJOR_GC_ACTION.equals(action) || (isConcurrent(collector) && SYSTEM_GC_CAUSE.equals(cause));
    }
}
