package org.esbbench.report.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.esbbench.report.arrivals.ArrivalFigures;
import org.esbbench.report.arrivals.OfferedLoad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open model's window is made of the arrivals due in it: one due late in the window and sent after it counts,
 * with its whole wait; one never sent counts as not answered; the throughput is of the correct replies that ended in
 * the window; the server's backlog is blocked time.
 */
class OpenModelWindowTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success,failureMessage,"
            + "\"elapsed_us\",\"intended_us\",\"taken_us\",\"blocked_us\",\"lateness_us\",\"response_us\"\n";
    /** The load started at 1,000,000 ms: no warm-up, a 10 s window from 1,000,000 to 1,010,000. */
    private static final long START = 1_000_000;

    @TempDir
    Path dir;

    private WindowedResults read(String rows) throws Exception {
        Path jtl = dir.resolve("run.jtl");
        Files.writeString(jtl, HEADER + rows);
        return WindowedResults.read(jtl, new Window(START, 0, 10_000));
    }

    /** A row of an arrival due at {@code dueMs}, waiting {@code blockedMs} + {@code latenessMs}, served in {@code serviceMs}. */
    private static String row(long dueMs, long blockedMs, long latenessMs, long serviceMs, boolean ok, String message) {
        long sent = dueMs + blockedMs + latenessMs;
        return sent + "," + serviceMs + ",direct," + (ok ? "200" : "500") + "," + ok + "," + message + ","
                + serviceMs * 1000 + "," + dueMs * 1000 + "," + (dueMs + blockedMs) * 1000 + "," + blockedMs * 1000 + ","
                + latenessMs * 1000 + "," + (blockedMs + latenessMs + serviceMs) * 1000 + "\n";
    }

    @Test
    void anArrivalDueInTheWindowCountsInItHoweverLateItWasSent() throws Exception {
        WindowedResults r = read(row(START + 1_000, 0, 0, 5, true, "")
                + row(START + 9_000, 4_000, 0, 5, true, "")   // due in the window, sent 3 s after it
                + row(START + 11_000, 0, 0, 5, true, ""));    // due after it, sent after it

        assertThat(r.measurement().samples()).isEqualTo(2);
        assertThat(r.measurement().maxMillis()).as("the late one's wait is in its response time").isEqualTo(4_005);
        assertThat(r.after()).isEqualTo(1);
    }

    @Test
    void offeredAgainstAchievedAndTheFateOfEveryArrival() throws Exception {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 100; i++) { // 10/s offered
            long due = START + i * 100L;
            boolean neverSent = i >= 95;
            rows.append(neverSent
                    ? row(due, 200, 0, 0, false, "not sent: the run ended (its drain was over) before a thread was free")
                    : row(due, i * 80L, 0, 10, true, "")); // a backlog that grows: most replies end after the window
        }
        ArrivalFigures a = read(rows.toString()).measurement().judgedBy(10, 30_000, 20).arrivals().orElseThrow();
        OfferedLoad load = a.load();

        assertThat(load.due()).isEqualTo(100);
        assertThat(load.offeredPerSecond()).isEqualTo(10.0);
        assertThat(load.neverSent()).isEqualTo(5);
        assertThat(load.sent()).isEqualTo(95);
        // replies end at due + 80i + 10 ms: within the window while 100i + 80i + 10 <= 10000, i <= 55
        assertThat(load.achieved()).isEqualTo(56);
        assertThat(load.achievedPerSecond()).isEqualTo(5.6);
        assertThat(load.notAnswered()).isEqualTo(5);
        assertThat(load.overCapacity()).isTrue();
        assertThat(load.overCapacityFlag()).get().asString().startsWith("over-capacity: offered 10.0/s, achieved 5.6/s");
        assertThat(load.inFlightCappedFlag()).get().asString().startsWith("in-flight-capped: 99.0 % of the arrivals found all 20");
        assertThat(load.blockedMaxMillis()).isCloseTo(7_520, org.assertj.core.data.Offset.offset(10.0));
        assertThat(a.latenessMaxMillis()).as("the backlog is not the generator's lateness").isZero();
    }

    @Test
    void aReplyAfterTheWindowsEndPlusTheDrainIsNotAnAnswer() throws Exception {
        String rows = row(START + 9_000, 0, 0, 500, true, "")   // ends 0.5 s before the window's end
                + row(START + 9_900, 0, 0, 3_000, true, "");    // ends 2.9 s after it
        OfferedLoad withinDrain = read(rows).measurement().judgedBy(10, 5_000, 20).arrivals().orElseThrow().load();
        OfferedLoad pastDrain = read(rows).measurement().judgedBy(10, 1_000, 20).arrivals().orElseThrow().load();

        assertThat(withinDrain.notAnswered()).isZero();
        assertThat(pastDrain.notAnswered()).isEqualTo(1);
        assertThat(pastDrain.achieved()).as("only the reply that ended in the window").isEqualTo(1);
        assertThat(withinDrain.inFlightCappedFlag()).as("no arrival waited at the cap").isEmpty();
    }

    @Test
    void theThroughputIsOfCorrectReplies() throws Exception {
        String rows = "1000000,5,direct,200,true,,5000,,,,,\n"
                + "1001000,5,direct,500,false,incorrect reply: wrong body,5000,,,,,\n"
                + "1002000,5,direct,500,false,transport error: reset,5000,,,,,\n";
        Statistics m = read(rows).measurement();

        assertThat(m.samples()).isEqualTo(3);
        assertThat(m.correctPerSecond()).isEqualTo(m.throughputPerSecond() / 3);
    }
}
