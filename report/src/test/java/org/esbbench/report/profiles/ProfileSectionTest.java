package org.esbbench.report.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary's section on where the server's time went: a row per profiled point (its repeats together, its
 * libraries, its frames with the most self time, a link per repeat's flame graph), a point without a profile saying
 * why, and nothing at all for a run that profiled nothing; and a record as the run goal writes it, read back.
 */
class ProfileSectionTest {
    @TempDir
    Path tmp;

    private static final ProfileRecord ASYNC = new ProfileRecord(ProfileRecord.Profiler.ASYNC_PROFILER, ProfileEvent.CPU,
            "10ms", 4242, 1_000, 32_000, "");

    @Test
    void aRowPerPointItsRepeatsTogetherAndALinkToEachFlameGraph() {
        ScenarioRunProfile r1 = new ScenarioRunProfile("xslt_u2_s1024_d0_r1", ASYNC,
                CollapsedStacks.of(ProfileBreakdownTest.SERVER), "");
        ScenarioRunProfile r2 = new ScenarioRunProfile("xslt_u2_s1024_d0_r2", ASYNC,
                CollapsedStacks.of(List.of("java.lang.Thread.run_[j];net.sf.saxon.Controller.transform_[j] 100")), "");
        ScenarioRunProfile nginx = new ScenarioRunProfile("direct_u2_s1024_d0_r1", ProfileRecord.none(ProfileEvent.CPU,
                "10ms", "the server (pid 77, nginx) is not a JVM"), CollapsedStacks.empty(),
                "no profile: the server (pid 77, nginx) is not a JVM");

        String md = ProfileSection.markdown(List.of(ProfileSection.PointProfiles.of("xslt_u2_s1024_d0", List.of(r1, r2)),
                ProfileSection.PointProfiles.of("direct_u2_s1024_d0", List.of(nginx))));

        assertThat(md).startsWith("## Where the server's time went\n").contains("(cpu every 10ms by async-profiler)");
        assertThat(md).contains("| xslt_u2_s1024_d0 | async-profiler | 200 | net.sf.saxon 70 %, sun.nio 10 %, "
                + "JIT compiler 7.5 %, java.util 5.0 %, garbage collector 3.0 %, other 4.5 % | ");
        assertThat(md).contains("[r1](profiles/xslt_u2_s1024_d0_r1.html) [r2](profiles/xslt_u2_s1024_d0_r2.html) |");
        assertThat(md).contains("| direct_u2_s1024_d0 | none |  | no profile: the server (pid 77, nginx) is not a JVM |  |  |");
    }

    @Test
    void aRunThatProfiledNothingHasNoSection() {
        assertThat(ProfileSection.markdown(List.of())).isEmpty();
    }

    @Test
    void aRecordIsReadBackAsItWasWritten() throws Exception {
        RunLayout layout = new RunLayout(tmp);
        ProfileRecord jfr = new ProfileRecord(ProfileRecord.Profiler.JFR, ProfileEvent.LOCK, "10us", 99, 5, 9,
                "-Dprofiler=jfr; with = and : in it");
        jfr.write(layout.profileRecord("a_r1"));

        assertThat(ProfileRecord.read(layout.profileRecord("a_r1"))).contains(jfr);
        assertThat(ProfileRecord.read(layout.profileRecord("b_r1"))).isEmpty();
        assertThat(jfr.flag()).isEqualTo("profiled: lock every 10us by JDK Flight Recorder");
        assertThat(jfr.taken()).isTrue();
        assertThat(ProfileRecord.none(ProfileEvent.CPU, "10ms", "why").taken()).isFalse();
    }
}
