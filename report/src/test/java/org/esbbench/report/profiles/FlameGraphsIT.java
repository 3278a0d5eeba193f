package org.esbbench.report.profiles;

import org.esbbench.report.browser.FlameGraphPage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real recordings cut to a window and drawn: a JVM that spends its time in {@link ProfiledWork#spin}, profiled by
 * async-profiler and by the JVM's own Flight Recorder; each recording cut to the last part of the run gives
 * collapsed stacks whose widest frame is {@code spin} and a flame graph that Chromium draws with it among its widest
 * frames; the difference of the two draws too.
 */
class FlameGraphsIT {
    private static final String SPIN = ProfiledWork.class.getName() + ".spin";

    @TempDir
    Path tmp;

    @Test
    void anAsyncProfilerRecordingCutToAWindowIsTheWindowsProfileAndChromiumDrawsIt() throws Exception {
        Recordings.Recorded rec = Recordings.asyncProfiler(tmp, 3000);
        Path html = tmp.resolve("window.html");
        Path collapsed = tmp.resolve("window.collapsed.gz");

        // The window: from a second in to the end (the JVM's first second loads and compiles).
        CollapsedStacks window = FlameGraphs.cut(rec.file(), ProfileEvent.CPU, rec.startedMs() + 1000, rec.endedMs(),
                "the window", html, collapsed);
        CollapsedStacks all = FlameGraphs.cut(rec.file(), ProfileEvent.CPU, 0, 0, "all", tmp.resolve("all.html"),
                tmp.resolve("all.collapsed"));

        // 1 ms of CPU a sample, one busy thread: some 2,000 samples in the window, fewer than in the whole run.
        assertThat(window.total()).isBetween(1000L, 2500L);
        assertThat(all.total()).isGreaterThan(window.total());
        assertThat(window.inclusiveShare(f -> f.equals(SPIN))).as("spin's width").isGreaterThan(0.8);
        // Self time: spin's own loop, and the JDK's methods it calls (Integer.toString, String.hashCode).
        assertThat(ProfileBreakdown.of(window).groups()).extracting(ProfileBreakdown.Share::name).startsWith("java.lang")
                .contains("org.esbbench.report");
        // (the page keeps its frame names prefix-compressed: Chromium, below, reads them as drawn)
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains("the window").contains("spin");

        FlameGraphPage.Drawn drawn = FlameGraphPage.render(html, tmp);
        assertThat(drawn.canvasWidth()).as("the canvas laid out").isPositive();
        assertThat(drawn.frames()).as("frames drawn").isGreaterThan(3);
        assertThat(drawn.widest()).as("the widest frames drawn").contains(SPIN);
    }

    @Test
    void aFlightRecorderRecordingGivesTheSameProfileOfJavaFrames() throws Exception {
        Recordings.Recorded rec = Recordings.flightRecorder(tmp, 3000);

        CollapsedStacks window = FlameGraphs.cut(rec.file(), ProfileEvent.CPU, rec.startedMs() + 1000, rec.endedMs(),
                "jfr", tmp.resolve("jfr.html"), tmp.resolve("jfr.collapsed"));

        // Its sampler takes a Java thread every 10 or 20 ms: over a hundred samples in two seconds.
        assertThat(window.total()).isGreaterThan(50);
        assertThat(window.inclusiveShare(f -> f.equals(SPIN))).isGreaterThan(0.8);
    }

    @Test
    void theDifferenceOfTwoProfilesIsAFlameGraphOfTheSecondColouredByTheFirst() throws Exception {
        CollapsedStacks base = CollapsedStacks.of(java.util.List.of(
                "java.lang.Thread.run_[j];" + SPIN + "_[j] 50", "java.lang.Thread.run_[j];x.y.Other.work_[j] 50"));
        CollapsedStacks current = CollapsedStacks.of(java.util.List.of(
                "java.lang.Thread.run_[j];" + SPIN + "_[j] 900", "java.lang.Thread.run_[j];x.y.Other.work_[j] 100",
                "java.lang.Thread.run_[j];x.y.New.thing_[j] 200"));
        Path html = tmp.resolve("diff.html");

        FlameGraphs.difference(base, current, "current against base", html);

        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(page).contains("current against base");
        // maxdiff set: a differential graph (an ordinary one has -1)
        assertThat(page).doesNotContain("const maxdiff = -1;").contains("const maxdiff = ");
        FlameGraphPage.Drawn drawn = FlameGraphPage.render(html, tmp);
        assertThat(drawn.widest()).contains(SPIN);
    }
}
