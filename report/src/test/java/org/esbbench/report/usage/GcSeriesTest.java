package org.esbbench.report.usage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class GcSeriesTest {
    private static final String HEADER = "epochMs,collector,action,cause,durationMs,heapBeforeBytes,heapAfterBytes,concurrent\n";
    private static final long MIB = 1024 * 1024;

    @TempDir
    Path dir;

    private GcSeries series(String rows) throws IOException {
        return GcSeries.read(Files.writeString(dir.resolve("gc.csv"), HEADER + rows));
    }

    @Test
    void gcThroughputCountsOnlyThePausesThatEndedInTheWindow() throws IOException {
        GcSeries gc = series("""
                1000,,recording started,service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi,0,0,0,false
                1400,G1 Young Generation,end of minor GC,G1 Evacuation Pause,50,1000,500,false
                2000,G1 Young Generation,end of minor GC,G1 Evacuation Pause,10,1000,500,false
                3000,G1 Young Generation,end of minor GC,G1 Evacuation Pause,30,1000,500,false
                3500,ZGC Cycles,end of GC cycle,Allocation Rate,700,1000,500,true
                6000,G1 Young Generation,end of minor GC,G1 Evacuation Pause,90,1000,500,false
                10000,,recording stopped,closed,0,0,0,false
                """);

        // window of 4000 ms with 10 + 30 ms of pauses; the concurrent cycle ran beside the application
        assertThat(gc.gcThroughputPercent(1500, 5500).getAsDouble()).isCloseTo(99.0, within(1e-9));
        assertThat(gc.totalPauseMs(1500, 5500)).hasValue(40);
        assertThat(gc.pauseCount(1500, 5500)).hasValue(2);
        assertThat(gc.maxPauseMs(1500, 5500)).hasValue(30);
        // both bounds are inclusive
        assertThat(gc.pauseCount(2000, 3000)).hasValue(2);
    }

    @Test
    void aRecordedWindowWithoutCollectionsIs100Percent() throws IOException {
        GcSeries gc = series("""
                1000,,recording started,url,0,0,0,false
                1400,G1 Young Generation,end of minor GC,G1 Evacuation Pause,50,1000,500,false
                9000,,recording stopped,closed,0,0,0,false
                """);

        assertThat(gc.gcThroughputPercent(2000, 8000)).hasValue(100.0);
        assertThat(gc.pauseCount(2000, 8000)).hasValue(0);
        assertThat(gc.maxPauseMs(2000, 8000)).hasValue(0);
    }

    @Test
    void figuresAreEmptyWhereTheRecordingDidNotCoverTheWindow() throws IOException {
        GcSeries gc = series("""
                1000,,recording started,url,0,0,0,false
                1500,G1 Young Generation,end of minor GC,G1 Evacuation Pause,5,1000,500,false
                2000,,recording stopped,connection lost: java.net.ConnectException,0,0,0,false
                3000,,recording started,url,0,0,0,false
                4000,,notifications lost,12,0,0,0,false
                """);

        assertThat(gc.covers(1100, 1900)).isTrue();
        assertThat(gc.gcThroughputPercent(500, 1900)).as("started after the window began").isEmpty();
        assertThat(gc.gcThroughputPercent(1500, 2500)).as("stopped before the window ended").isEmpty();
        assertThat(gc.pauseCount(1500, 3500)).as("a gap in the middle").isEmpty();
        assertThat(gc.maxPauseMs(3500, 4500)).as("notifications dropped in the window").isEmpty();
        assertThat(gc.gcThroughputPercent(4100, 99_000)).as("still recording when read").hasValue(100.0);
    }

    @Test
    void collectionsWithoutAStartMarkerOrNoFileAtAllGiveNoFigures() throws IOException {
        GcSeries unmarked = series("1500,G1 Young Generation,end of minor GC,G1 Evacuation Pause,5,1000,500,false\n");
        assertThat(unmarked.gcThroughputPercent(1000, 2000)).isEmpty();
        assertThat(unmarked.collections()).hasSize(1);

        GcSeries missing = GcSeries.read(dir.resolve("absent.csv"));
        assertThat(missing.gcThroughputPercent(1000, 2000)).isEmpty();
        assertThat(missing.heapAfterFullGcMb(1000, 2000, 5000)).isEmpty();
    }

    @Test
    void heapAfterFullGcIsTheMeanOverFullCollectionsEndingInTheWindowOrItsSlack() throws IOException {
        GcSeries gc = series("1000,,recording started,url,0,0,0,false\n"
                + "2000,G1 Young Generation,end of minor GC,G1 Evacuation Pause,5," + 300 * MIB + "," + 10 * MIB + ",false\n"
                + "5600,G1 Old Generation,end of major GC,System.gc()," + "80," + 200 * MIB + "," + 100 * MIB + ",false\n"
                + "5700,ZGC Cycles,end of GC cycle,System.gc(),40," + 200 * MIB + "," + 50 * MIB + ",true\n"
                + "5800,ZGC Pauses,end of GC pause,System.gc(),0," + 200 * MIB + "," + 1 * MIB + ",false\n"
                + "9000,PS MarkSweep,end of major GC,Ergonomics,60," + 200 * MIB + "," + 20 * MIB + ",false\n");

        assertThat(gc.heapAfterFullGcMb(1500, 5500, 500).getAsDouble()).isCloseTo(75.0, within(1e-9));
        assertThat(gc.heapAfterFullGcMb(1500, 5500, 0)).as("the young collection is no footprint").isEmpty();
        assertThat(gc.heapAfterFullGcMb(8000, 9500, 0).getAsDouble()).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void rejectsMalformedRowsAndEmptyWindows() throws IOException {
        GcSeries gc = series("1000,,recording started,url,0,0,0,false\n");
        assertThatThrownBy(() -> gc.gcThroughputPercent(2000, 2000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be after its start");
        assertThatThrownBy(() -> gc.heapAfterFullGcMb(1000, 2000, -1)).isInstanceOf(IllegalArgumentException.class);

        assertThatThrownBy(() -> series("1000,G1 Young Generation,end of minor GC,cause,ten,1,1,false\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("line 1");
    }
}
