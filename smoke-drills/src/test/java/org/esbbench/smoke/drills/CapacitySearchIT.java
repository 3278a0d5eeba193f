package org.esbbench.smoke.drills;

import org.esbbench.report.capacity.CapacitySearch;
import org.esbbench.report.capacity.ProbeJudgement;
import org.esbbench.report.capacity.ProbeRow;
import org.esbbench.report.capacity.SearchRow;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity search ({@code -Dcapacity}) run as a user runs it, a child build each.
 *
 * <p>(a) A server whose capacity is known from its configuration: nginx ({@code -Dtarget=nginx-limited}) proxying
 * direct through one {@code limit_req} zone of {@value #FALLBACK_RATE}/s, the excess queued. Poisson arrivals into it
 * are an M/D/1 queue (config/targets/nginx-limited/README.md): p99 of the wait stays under {@value #BOUND_MS} ms up to
 * about 0.985 N in the steady state, and past N the backlog grows by (rate − N) a second, so a probe of {@value
 * #PROBE_S} s (after the plugin's 5 s lead-in) at (1 + ε) N ends about 10ε s behind and fails from about 1.02 N (97 %
 * of probes at 1.05 N); a probe from an empty queue near N has not reached the steady state, so nothing under about
 * 0.98 N fails from the queue alone, and the bound leaves some 200 ms of the machine's own stalls before 0.95 N (at
 * 200 ms a probe at 0.94 N failed at 267 ms on a busy day, JMeter, nginx and the backend sharing 2 CPUs). The search must
 * then end {@code found}, its bracket [capacity, lowest fail) within the precision, and that bracket must reach into
 * N ± 5 %: capacity ≤ 1.05 N and lowest fail ≥ 0.95 N (so capacity ≥ 0.95 N / 1.05 ≈ 0.905 N). What it asserts on the
 * way: each probe in the build log, probes.csv replayed through {@link CapacitySearch} giving exactly the rates and
 * phases probed (exponential from the start, then bisection, a marginal decision repeated) and the same end, and the
 * confirmation window at the capacity.
 *
 * <p>(b) A search on the reference server stopped during a probe and resumed (below).
 *
 * <p>The child's own limit is {@value #CHILD_LIMIT_S} s: a search is a dozen JMeter runs, each about 5 s of start and
 * analysis around its 5 s lead-in and its window, on top of the build's start, the warm-up and the confirmation.
 */
class CapacitySearchIT {
    /** Used only when the configuration cannot be read: the rate the nginx-limited profile ships with. */
    private static final int FALLBACK_RATE = 500;
    private static final Path LIMITED_CONF = ChildBuild.ROOT.resolve("config/targets/nginx-limited/nginx.conf");
    private static final int BOUND_MS = 300;
    private static final int PROBE_S = 5;
    private static final double PRECISION_PCT = 5;
    /** How far from N the bracket may lie: the precision. */
    private static final double WITHIN = PRECISION_PCT / 100;
    private static final long CHILD_LIMIT_S = 360;
    private static final int PORT = 8380;
    /** A probe's line in the build log: "capacity: probe 3 ..." or "capacity: direct_s1024_d0 probe 3 (...)". */
    private static final Pattern PROBE_LINE = Pattern.compile("capacity: (?:\\S+ )?probe (\\d+)\\b");

    @Test
    void aSearchOnAServerOfKnownCapacityFindsItWithinThePrecision() throws Exception {
        int n = configuredRate();
        // From three quarters of N: one doubling past it, to 1.5 N (2 N's queue took the longest to drain), and the
        // bisection does not land on N itself, where the queue (ρ = 1) can pass a 5 s probe and then fail its
        // confirmation, sending the search on below it for a minute and more.
        int start = 3 * n / 4;
        // -DlatenessBound=100 as in the other open-model drills: JMeter, nginx and the backend share the test
        // command's 2 CPUs, and a scheduling hiccup must not make a probe the generator's (which ends a search as
        // generator-limit); the response time is still timed from each arrival's due time, lateness included.
        // The deadline bounds the search if the queue misbehaves: about twelve probes fit in it.
        ChildBuild child = ChildBuild.start("capacity-known", List.of("-Dtarget=nginx-limited", "-Dscenarios=direct",
                "-Dcapacity=p99<=" + BOUND_MS + "ms", "-DcapacityStart=" + start, "-DcapacityProbe=" + PROBE_S,
                "-DcapacityPrecision=" + (int) PRECISION_PCT, "-DcapacityDeadline=240", "-Dwarmup=3",
                "-Dmeasurement=10", "-DlatenessBound=100"), CHILD_LIMIT_S);
        RunLayout layout = child.awaitRun();
        int exit = child.awaitEnd();
        String log = child.output();
        List<SearchRow> searches = SearchRow.read(layout.capacity().resolve(SearchRow.FILE));
        List<ProbeRow> probes = ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE));
        say("capacity-known", searches, probes);
        assertThat(exit).as("exit (log " + child.log + "): a capacity found is a run that succeeded").isZero();

        assertThat(searches).as("capacity.csv of one point").hasSize(1);
        SearchRow search = searches.get(0);
        assertThat(search.point().scenario()).isEqualTo("direct");
        assertThat(search.status()).as("status; " + search.describe()).isEqualTo(CapacitySearch.Status.FOUND.id);
        assertThat(search.start()).as("start_per_s").isEqualTo(start);
        assertThat(search.lowestFail()).as("lowest fail over the capacity").isGreaterThan(search.capacity());
        assertThat(search.bracketPercent()).as("bracket_pct [" + search.capacity() + ", " + search.lowestFail() + ")")
                .isLessThanOrEqualTo(PRECISION_PCT + 1e-9);
        // The bracket reaches into N ± 5 %: its lower end not above 1.05 N, its upper end not under 0.95 N.
        assertThat(search.capacity()).as("capacity against the configured " + n + "/s")
                .isLessThanOrEqualTo((int) Math.floor((1 + WITHIN) * n)).isGreaterThan(0);
        assertThat(search.lowestFail()).as("lowest fail against the configured " + n + "/s")
                .isGreaterThanOrEqualTo((int) Math.ceil((1 - WITHIN) * n));

        List<ProbeRow> own = probes.stream().filter(p -> p.search().equals(search.key())).toList();
        List<ProbeRow> decided = requireReplays(search, own, start);
        // Every decision is the objective's, not the generator's, and agrees with its figures.
        for (ProbeRow p : decided) {
            assertThat(p.verdict()).as("probe " + p.probe() + " at " + p.rate() + "/s").isIn("pass", "fail");
            if (p.verdict().equals("pass")) {
                assertThat(p.p99()).as("p99 of passing probe " + p.probe()).isLessThanOrEqualTo(BOUND_MS);
                assertThat(p.errorPct()).as("errors of passing probe " + p.probe()).isZero();
            } else {
                assertThat(p.reasons()).as("reasons of failing probe " + p.probe()).isNotBlank();
            }
        }
        // Past N the queue grows with the probe: a probe at 1.2 N or more ends ~1.6 s behind and cannot pass.
        assertThat(decided.stream().filter(p -> p.rate() >= 1.2 * n)).as("probes at 1.2 N or more")
                .allSatisfy(p -> assertThat(p.verdict()).isEqualTo("fail"));
        ProbeRow confirmation = requireConfirmation(layout, search, own);
        requireLogLines(log, search, decided);
        requireResults(layout, own);

        // nginx stopped with its queue: nothing of it keeps the port.
        try (ServerSocket free = new ServerSocket(PORT, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThat(free.getLocalPort()).isEqualTo(PORT);
        }
        ChildBuild.say(String.format(Locale.ROOT, "capacity-known: configured %d/s; found %d/s (%.3f N), lowest fail %d/s"
                        + " (%.3f N), bracket %.1f %%, %d probes in %.0f s; confirmation %s at %d/s: p99 %.1f ms, achieved"
                        + " %.1f/s", n, search.capacity(), search.capacity() / (double) n, search.lowestFail(),
                search.lowestFail() / (double) n, search.bracketPercent(), search.probes(), search.searchSeconds(),
                search.confirmation(), confirmation.rate(), confirmation.p99(), confirmation.achieved()));
    }

    /**
     * (b) Stopped and resumed, on the reference server: the build is interrupted (SIGINT, Ctrl-C) while its third probe
     * runs; nothing it started is left running and the two finished probes are in probes.csv. The same command with
     * {@code -Dresume} warms the new server, replays those two probes (not measured again) and goes on from the
     * third; the search then ends by its deadline or its bracket, its probes numbered on without a gap, exactly the
     * rates the search asks for after the verdicts before them.
     */
    @Test
    void aSearchStoppedDuringAProbeResumesFromTheLastFinishedProbe() throws Exception {
        // Probes of 3 s: what is tested here is the stop and the resume, not a figure. The deadline lets the resumed
        // session run the probe the stop cut short (two probes of about 11 s each went before it), then end.
        long deadline = 30;
        List<String> args = List.of("-Dscenarios=direct", "-Dcapacity=p99<=50ms", "-DcapacityProbe=3",
                "-DcapacityDeadline=" + deadline, "-Dwarmup=3", "-Dmeasurement=3");
        ChildBuild child = ChildBuild.start("capacity-stopped", args, CHILD_LIMIT_S);
        RunLayout layout = child.awaitRun();
        String key = "direct_s1024_d0";
        child.awaitRow(layout, key + "_p02");
        child.awaitSamples(layout.jtl(key + "_p03"));
        List<ProcessHandle> snapshot = child.snapshot(layout);
        ChildBuild.signal("INT", child.process.pid());
        assertThat(child.awaitEnd()).as("the interrupted build's exit (log " + child.log + ")").isNotZero();
        ChildBuild.requireNoSurvivor(snapshot, layout);
        List<ProbeRow> before = ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE));
        assertThat(before).as("probes.csv when stopped: the warm-up and two probes")
                .extracting(ProbeRow::probe).containsExactly(0, 1, 2);
        assertThat(SearchRow.read(layout.capacity().resolve(SearchRow.FILE))).as("no search ended").isEmpty();

        List<String> resumed = new ArrayList<>(args);
        resumed.add("-Dresume=" + layout.runId());
        ChildBuild again = ChildBuild.start("capacity-resumed", resumed, CHILD_LIMIT_S);
        int exit = again.awaitEnd();
        assertThat(exit).as("the resumed build's exit (log " + again.log + ")").isZero();
        assertThat(again.output()).contains("capacity: " + key + ": 2 probe(s) of an earlier session replayed");
        List<SearchRow> searches = SearchRow.read(layout.capacity().resolve(SearchRow.FILE));
        List<ProbeRow> probes = ProbeRow.read(layout.capacity().resolve(ProbeRow.FILE));
        say("capacity-resumed", searches, probes);
        assertThat(probes.subList(0, 3)).as("the first session's rows, kept").isEqualTo(before);
        assertThat(probes.stream().filter(p -> p.phase().equals(ProbeRow.WARMUP))).as("one warm-up recorded").hasSize(1);
        assertThat(searches).hasSize(1);
        SearchRow search = searches.get(0);
        List<ProbeRow> decided = probes.stream().filter(ProbeRow::isProbe).toList();
        assertThat(decided).extracting(ProbeRow::probe).as("probe numbers, on from the first session's")
                .startsWith(1, 2, 3).doesNotHaveDuplicates();
        assertThat(decided).hasSize(search.probes());
        // Each probe measured, the one cut short by the stop too: its stale results never stand for the new run's.
        assertThat(decided).allSatisfy(p -> assertThat(p.achieved()).as("achieved of probe " + p.probe())
                .isGreaterThan(0.5 * p.rate()));
        CapacitySearch replay = new CapacitySearch(search.start(), PRECISION_PCT / 100, CapacitySearch.MAX_RATE);
        for (ProbeRow p : probes.stream().filter(r -> r.probe() > 0).toList()) {
            if (p.phase().equals(ProbeRow.CONFIRMATION)) {
                if (replay.end().isEmpty()) {
                    replay.stop(); // the deadline ended the probes before this window
                }
                assertThat(replay.toConfirm()).as("the rate confirmed at probe " + p.probe()).hasValue(p.rate());
                replay.confirm(p.decided());
                continue;
            }
            assertThat(replay.next()).as("the search goes on before probe " + p.probe())
                    .hasValue(new CapacitySearch.Probe(p.rate(), p.phase()));
            replay.record(p.decided(), p.marginal());
        }
        if (replay.end().isEmpty()) {
            replay.stop();
        }
        assertThat(replay.end().orElseThrow().status().id).as("the replay's end").isEqualTo(search.status());
        assertThat(search.capacity() > 0 || search.ended() == CapacitySearch.Status.GENERATOR_LIMIT)
                .as("a capacity, or the generator's limit: " + search.describe()).isTrue();
        requireResults(layout, probes);
        ChildBuild.say("capacity-resumed: " + search.describe() + "; " + search.probes() + " probes, 2 of them before"
                + " the stop; confirmation " + search.confirmation());
    }

    /**
     * The rate of nginx-limited's zone, read from its configuration ({@code rate=500r/s}) so the drill and the
     * server cannot drift apart.
     */
    private static int configuredRate() throws IOException {
        Matcher m = Pattern.compile("limit_req_zone\\s+\\S+\\s+zone=\\S+\\s+rate=(\\d+)r/s").matcher(
                Files.readString(LIMITED_CONF));
        assertThat(m.find()).as("limit_req_zone with rate=NNNr/s in " + LIMITED_CONF).isTrue();
        int n = Integer.parseInt(m.group(1));
        if (n != FALLBACK_RATE) {
            ChildBuild.say("capacity-known: " + LIMITED_CONF.getFileName() + " limits to " + n + "/s");
        }
        return n;
    }

    /**
     * The search's probes (its warm-up first) replayed through the search itself: each rate and phase is the one the
     * search asked for after the verdicts before it, so the probes went exponential from the start until one failed,
     * then bisection (a marginal decision repeated at its rate), and the replay ends where capacity.csv says.
     *
     * @return the probes, without the warm-up and the confirmation
     */
    private static List<ProbeRow> requireReplays(SearchRow search, List<ProbeRow> own, int start) {
        assertThat(own).as("probes.csv rows of " + search.key()).isNotEmpty();
        assertThat(own.get(0).phase()).as("the first row: the warm-up").isEqualTo(ProbeRow.WARMUP);
        assertThat(own.get(0).probe()).isZero();
        List<ProbeRow> decided = own.stream().filter(ProbeRow::isProbe).toList();
        assertThat(decided).as("probes").hasSize(search.probes());
        // Integer.MAX_VALUE: no rate of this search comes near the suite's highest (it would have ended above-max).
        CapacitySearch replay = new CapacitySearch(start, PRECISION_PCT / 100, Integer.MAX_VALUE);
        boolean bisecting = false;
        int number = 0;
        // The probes and the confirmation windows in their order: a failed confirmation sends the search on under it.
        for (ProbeRow p : own.stream().filter(r -> r.probe() > 0).toList()) {
            number++;
            assertThat(p.probe()).as("probe numbers from 1, the confirmations' among them").isEqualTo(number);
            if (p.phase().equals(ProbeRow.CONFIRMATION)) {
                assertThat(replay.toConfirm()).as("the search's end to confirm at probe " + p.probe()).hasValue(p.rate());
                replay.confirm(p.decided());
                continue;
            }
            Optional<CapacitySearch.Probe> next = replay.next();
            assertThat(next).as("the search goes on before probe " + p.probe()).isPresent();
            assertThat(p.rate()).as("rate of probe " + p.probe()).isEqualTo(next.get().rate());
            assertThat(p.phase()).as("phase of probe " + p.probe()).isEqualTo(next.get().phase());
            bisecting |= p.phase().equals("bisection");
            if (bisecting) {
                assertThat(p.phase()).as("probe " + p.probe() + " after the bisection began").isIn("bisection", "repeat");
            }
            replay.record(p.decided(), p.marginal());
        }
        assertThat(replay.toConfirm()).as("nothing left to confirm").isEmpty();
        CapacitySearch.End end = replay.end().orElseThrow(() -> new AssertionError("the replayed search goes on"));
        assertThat(end.status().id).as("the replay's end").isEqualTo(search.status());
        assertThat(end.highestPass()).as("the replay's highest pass").isEqualTo(search.capacity());
        assertThat(end.lowestFail()).as("the replay's lowest fail").isEqualTo(search.lowestFail());
        assertThat(decided.get(0).phase()).isEqualTo("start");
        assertThat(decided.stream().map(ProbeRow::phase)).as("phases").contains("exponential", "bisection");
        return decided;
    }

    /**
     * The confirmation windows: the last row of the search, named in capacity.csv; held at the capacity, or failed at
     * the lowest fail of a search left unconfirmed; every one before it failed.
     */
    private static ProbeRow requireConfirmation(RunLayout layout, SearchRow search, List<ProbeRow> own) {
        List<ProbeRow> confirmations = own.stream().filter(p -> p.phase().equals(ProbeRow.CONFIRMATION)).toList();
        assertThat(confirmations).as("confirmation rows").hasSizeBetween(1, CapacitySearch.CONFIRMATIONS);
        ProbeRow c = confirmations.get(confirmations.size() - 1);
        assertThat(confirmations.subList(0, confirmations.size() - 1)).as("confirmations before the last")
                .allSatisfy(f -> assertThat(f.verdict()).isNotEqualTo("pass"));
        assertThat(c.scenarioRun()).as("confirmation_run").isEqualTo(search.confirmationRun());
        assertThat(search.confirmation()).as("confirmation").isIn("held", "failed");
        assertThat(search.confirmation().equals("held")).as("held against its verdict " + c.verdict())
                .isEqualTo(c.verdict().equals("pass"));
        assertThat(c.rate()).as("the last confirmation's rate")
                .isEqualTo(c.verdict().equals("pass") ? search.capacity() : search.lowestFail());
        assertThat(own.get(own.size() - 1)).as("the confirmation: the search's last row").isEqualTo(c);
        return c;
    }

    /** One line per probe in the build log, numbered as in probes.csv, and one line of the search's end. */
    private static void requireLogLines(String log, SearchRow search, List<ProbeRow> decided) {
        // Maven's level and the plugin's "[esb-bench] " go before each line the plugin logs.
        List<String> lines = log.lines().map(l -> l.replaceFirst("^\\[(INFO|WARNING|ERROR)\\] (\\[esb-bench\\] )?", ""))
                .toList();
        List<Integer> numbers = new ArrayList<>();
        for (String l : lines) {
            Matcher m = PROBE_LINE.matcher(l);
            if (m.find()) {
                numbers.add(Integer.parseInt(m.group(1)));
            }
        }
        assertThat(numbers).as("probe lines in the build log").containsExactlyElementsOf(
                decided.stream().map(ProbeRow::probe).toList());
        List<String> ends = lines.stream().filter(l -> l.startsWith("capacity of")).toList();
        assertThat(ends).as("the search's line in the build log").hasSize(1);
        assertThat(ends.get(0)).contains(String.format(Locale.ROOT, "%,d", search.capacity()));
        ChildBuild.say("capacity-known: " + ends.get(0));
    }

    /** Every row's JMeter run left its results under jtl/ (plain or compressed) and its output under logs/. */
    private static void requireResults(RunLayout layout, List<ProbeRow> own) {
        assertThat(own.stream().map(ProbeRow::scenarioRun)).as("scenario runs of the probes").doesNotHaveDuplicates();
        for (ProbeRow p : own) {
            assertThat(layout.results(p.scenarioRun())).as("results of " + p.phase() + " " + p.probe())
                    .isRegularFile();
            assertThat(layout.jmeterOutput(p.scenarioRun())).as("JMeter output of " + p.phase() + " " + p.probe())
                    .isRegularFile();
        }
    }

    /** Prints the searches and their probes, as a reader of the drill's output wants them. */
    private static void say(String name, List<SearchRow> searches, List<ProbeRow> probes) {
        for (ProbeRow p : probes) {
            ChildBuild.say(String.format(Locale.ROOT, "%s: %s %d %s at %d/s: offered %.1f/s achieved %.1f/s p50 %.1f ms"
                            + " p99 %.1f ms errors %.2f %% lateness p99 %.1f ms: %s%s%s", name, p.search(), p.probe(),
                    p.phase(), p.rate(), p.offered(), p.achieved(), p.p50(), p.p99(), p.errorPct(), p.latenessP99(),
                    p.verdict().isEmpty() ? "-" : p.verdict(), p.marginal() ? " (marginal)" : "",
                    p.reasons().isEmpty() ? "" : "; " + p.reasons()));
        }
        for (SearchRow s : searches) {
            ChildBuild.say(String.format(Locale.ROOT, "%s: %s under %s: %s: %s; bounded by %s; %d probes in %.0f s;"
                            + " confirmation %s", name, s.key(), s.objective(), s.status(), s.describe(),
                    s.boundedBy().isEmpty() ? "-" : s.boundedBy(), s.probes(), s.searchSeconds(), s.confirmation()));
        }
    }
}
