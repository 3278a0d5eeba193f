package org.esbbench.smoke.drills;

import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.run.ErrorTolerance;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * -DmaxErrorPercent=1 against transport errors injected at a known rate (-DbackendFailPercent: the echo backend
 * answers every k-th request with 503, the reference server answers the client 502, the reply check counts it as a
 * transport error): 3 % fails naming the point. The run with 0.5 %, which keeps its figures and passes on its errors,
 * is {@link GateIT}'s first run (it carries criteria too).
 */
class ErrorToleranceIT {
    private static final List<String> PLAN = List.of("-Dscenarios=direct", "-Dusers=2", "-Dwarmup=2",
            "-Dmeasurement=5", "-Ddashboards=false", "-DmaxErrorPercent=1");

    @Test
    void errorsOverTheThresholdFailTheRunNamingThePoint() throws Exception {
        ChildBuild child = ChildBuild.start("tolerance-over", with("-DbackendFailPercent=3"));
        RunLayout layout = child.awaitRun();
        int exit = child.awaitEnd();
        String out = child.output();

        assertThat(exit).as("exit (log " + child.log + ")").isNotZero();
        CSVRecord point = ChildBuild.onlyPoint(layout);
        assertThat(Double.parseDouble(point.get("error_pct"))).isGreaterThan(1.0);
        assertThat(point.get("flags")).contains(ErrorTolerance.FLAG + ": ");
        assertThat(out).contains("direct_u2_s1024_d0_r1: ", "% is over -DmaxErrorPercent=1");
        assertThat(layout.summaryMd()).content().contains("## What failed", "- direct_u2_s1024_d0_r1: ");
        ChildBuild.say("3 % injected, -DmaxErrorPercent=1: exit " + exit + "; " + ChildBuild.line(out, "is over -DmaxErrorPercent"));
    }

    private static List<String> with(String extra) {
        return java.util.stream.Stream.concat(PLAN.stream(), java.util.stream.Stream.of(extra)).toList();
    }
}
