package org.esbbench.smoke.drills;

import org.apache.commons.csv.CSVRecord;
import org.esbbench.jmeter.arrivals.ArrivalsLine;
import org.esbbench.report.arrivals.ArrivalFigures;
import org.esbbench.report.arrivals.InFlightCap;
import org.esbbench.report.arrivals.LatenessBound;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's backlog, the other side of {@link GeneratorStallIT}: the open model's arrivals wait because the server
 * does not take them, not because the generator is late. One child build of the direct scenario at 100 arrivals/s,
 * at most {@value #MAX_IN_FLIGHT} requests in flight ({@code -DmaxInFlight}), a 5 s warm-up and a 15 s window, two
 * points: backend delay 0, then 250 ms (one build for both drills, to keep the test command short).
 *
 * <p>(a) Delay 0, a rate the server holds (a handful in flight). In the middle of the window the test stops the
 * reference server's process (SIGSTOP) for {@value #STALL_MS} ms, then lets it go on (SIGCONT). JMeter goes on
 * sending: the first {@value #MAX_IN_FLIGHT} arrivals of the stall go out and hang (at 100/s the cap is reached within
 * about 0.2 s), the hundred and more after them wait in JMeter for a request to end. That wait is the server's backlog
 * (blocked time), timed from the due time like any arrival's: the response p99.9 shows the stall, the blocked figures
 * show it, the point is flagged in-flight-capped, and generator-late is not raised, since JMeter itself was never
 * late. At 100/s a window has about 1500 arrivals, p99.9 the second slowest, while the arrivals due in the stall's
 * first half second (about 50) all wait a second or more.
 *
 * <p>(b) Delay 250 ms, a load the cap cannot carry: by Little's law 100/s × 0.25 s needs 25 in flight, the cap allows
 * {@value #MAX_IN_FLIGHT}, so at most 20 / 0.25 s = 80/s are served (less the server's own time) while 100/s are
 * offered. The deficit of about 20/s queues in JMeter from the warm-up on (about 100 arrivals by the window's start,
 * 300 more by its end), so the wait grows from about a second to several across the window: the point must be flagged
 * over-capacity and in-flight-capped, points.csv must give the offered rate (about 100/s, the arrivals due) apart from
 * the achieved one (at most 80/s), and the percentiles must hold the queued arrivals (p99 of seconds), not only the
 * 250 ms the requests that were sent took.
 */
class ServerBacklogIT {
    private static final long STALL_MS = 1500;
    private static final int RATE = 100;
    private static final int MAX_IN_FLIGHT = 20;
    private static final long DELAY_MS = 250;
    /** What the stall's arrivals must show at least in the response p99.9: the stall less the first half second. */
    private static final double SHOWN_MS = 1000;
    /**
     * The longest blocked wait at least: the stall less the 0.2 s or so until the cap is reached, with room for the
     * Poisson arrivals reaching it later.
     */
    private static final double BLOCKED_MS = 900;
    private static final int LATENESS_BOUND_MS = 100;

    @Test
    void aStoppedServerAndAnOverloadedCapShowAsTheServersBacklogNotAsALateGenerator() throws Exception {
        // A lateness bound of 100 ms as in GeneratorStallIT: JMeter, the server and the backend share both CPUs here,
        // and ordinary scheduling delays must not flag the generator; a blocked arrival must not count as late at all.
        ChildBuild child = ChildBuild.start("backlog", List.of("-Dscenarios=direct", "-Dmodel=open",
                "-Drate=" + RATE, "-Ddelay=0," + DELAY_MS, "-D" + InFlightCap.PARAMETER + "=" + MAX_IN_FLIGHT,
                "-Dwarmup=5", "-Dmeasurement=15", "-Ddashboards=false",
                "-D" + LatenessBound.PARAMETER + "=" + LATENESS_BOUND_MS));
        RunLayout layout = child.awaitRun();
        List<RunParametersFile.ScenarioRun> runs = RunParametersFile.read(layout.runParametersFile()).scenarioRuns();
        assertThat(runs).as("scenario runs of -Ddelay=0," + DELAY_MS).hasSize(2);
        assertThat(runs.get(0).point().delayMs()).as("delay of the 1st point").isZero();
        assertThat(runs.get(1).point().delayMs()).as("delay of the 2nd point").isEqualTo(DELAY_MS);
        String stalled = runs.get(0).name();
        String capped = runs.get(1).name();

        // (a) The server stopped in the middle of the 1st point's window (the same timing as GeneratorStallIT's).
        child.awaitSamples(layout.jtl(stalled));
        Thread.sleep(5_000 + 6_500); // the warm-up, then about the window's middle
        // The server is the run's process named "server" in processes.csv (as FaultDrillsIT and NginxKilledIT find
        // it): the reference server's JVM itself, started without a shell between (-DserverCpus=shared).
        ProcessesFile.Entry server = ChildBuild.running(layout, "server");
        assertThat(server.stillRunning()).as("the server (pid " + server.pid() + ") of " + stalled).isPresent();
        long pid = server.pid();
        long stoppedAt = System.nanoTime();
        ChildBuild.signal("STOP", pid);
        long stallMs;
        try {
            Thread.sleep(STALL_MS);
        } finally {
            // Whatever happens, the server goes on: a server left stopped would hang the child until its limit.
            ChildBuild.signal("CONT", pid);
            stallMs = (System.nanoTime() - stoppedAt) / 1_000_000;
        }
        ChildBuild.say("backlog: the server (pid " + pid + ") stopped for " + stallMs + " ms during " + stalled);
        int exit = child.awaitEnd();
        assertThat(exit).as("exit (log " + child.log + "): a backlog is flagged, not failed").isZero();

        CSVRecord one = ChildBuild.point(layout, "delay_ms", "0");
        CSVRecord two = ChildBuild.point(layout, "delay_ms", Long.toString(DELAY_MS));
        say(layout, stalled, one);
        say(layout, capped, two);

        assertThat(ChildBuild.figure(one, "p99_9_ms")).as("response p99.9 of " + stalled).isGreaterThanOrEqualTo(SHOWN_MS);
        assertThat(ChildBuild.figure(one, "blocked_max_ms")).as("blocked max of " + stalled).isGreaterThanOrEqualTo(BLOCKED_MS);
        assertThat(one.get("flags")).as("flags of " + stalled).contains(InFlightCap.FLAG + ": ")
                .doesNotContain(LatenessBound.FLAG);
        // service_p99_9_ms is not bounded: the requests in flight when the server stopped hold the stall in their
        // service time too (20 of about 1500 arrivals, more than the 0.1 % above p99.9).

        // (b) 100/s offered, at most 20 / 0.25 s = 80/s served.
        assertThat(two.get("flags")).as("flags of " + capped).contains(ArrivalFigures.OVER_CAPACITY + ": ")
                .contains(InFlightCap.FLAG + ": ").doesNotContain(LatenessBound.FLAG);
        assertThat(ChildBuild.figure(two, "offered_per_s")).as("offered_per_s of " + capped).isBetween(85.0, 115.0);
        assertThat(ChildBuild.figure(two, "achieved_per_s")).as("achieved_per_s of " + capped).isLessThanOrEqualTo(85.0)
                .isGreaterThan(40.0);
        // The queued arrivals are in the percentiles: at a deficit of 20/s the wait grows to seconds.
        assertThat(ChildBuild.figure(two, "p99_ms")).as("response p99 of " + capped).isGreaterThanOrEqualTo(SHOWN_MS);
        // due = sent + never sent; an arrival never sent is never answered.
        assertThat(ChildBuild.figure(two, "due")).as("due of " + capped).isPositive();
        assertThat(ChildBuild.figure(two, "not_answered")).as("not_answered of " + capped + " against its never_sent "
                + two.get("never_sent")).isGreaterThanOrEqualTo(ChildBuild.figure(two, "never_sent"));

        assertThat(layout.summaryMd()).as("summary.md").content().contains("offered").contains("achieved");
    }

    /** Prints the point's figures and its JMeter's arrivals line. */
    private static void say(RunLayout layout, String name, CSVRecord row) throws Exception {
        StringBuilder line = new StringBuilder("backlog: " + name + ":");
        for (String figure : List.of("offered_per_s", "achieved_per_s", "throughput_per_s", "due", "never_sent",
                "not_answered", "p99_ms", "p99_9_ms", "service_p99_9_ms", "blocked_p50_ms", "blocked_p99_ms",
                "blocked_max_ms", "blocked_pct", "lateness_max_ms", "late_pct")) {
            line.append(' ').append(figure).append(' ').append(row.isMapped(figure) ? row.get(figure) : "(no column)");
        }
        line.append("; flags: ").append(row.get("flags"));
        ChildBuild.say(line.toString());
        ChildBuild.say("backlog: " + name + ": " + ChildBuild.line(Files.readString(layout.jmeterOutput(name)),
                ArrivalsLine.PREFIX));
    }
}
