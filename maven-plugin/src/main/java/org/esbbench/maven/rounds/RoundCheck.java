package org.esbbench.maven.rounds;

import org.esbbench.core.Scenario;
import org.esbbench.maven.checks.DiskEstimate;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.round.RoundRecord;
import org.esbbench.report.round.RoundRecord.TargetRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The check goal's part in a round (-Dtargets), before any load: every target's profile and its run's parameters
 * checked as a run of its own would be, the round's length and disk said and the disk refused when it cannot hold the
 * round; then, in a build that measures, the round folder made with its plan ({@link RoundRecord}, every target run
 * pending) and pointed at. A round given to {@code -Dresume} is read back instead, and says what is left.
 */
public final class RoundCheck {
    /** What starting one target run costs beside its load: the server's start and health, the preflight, analysis. */
    static final long SECONDS_PER_TARGET_RUN = 30;
    /** What each scenario run costs beside its windows: JMeter's start and stop, the full GC before it. */
    static final long SECONDS_PER_SCENARIO_RUN = 15;

    /** One target's run validated as check validates a run (nothing written), and what it will need. */
    public interface TargetCheck {
        Estimate check(String target, List<String> scenarios) throws InvalidRunException;
    }

    /**
     * @param loadSeconds  the windows of every scenario run of the target's run
     * @param scenarioRuns how many scenario runs it has
     * @param disk         what its results need
     * @param startsServer whether the suite starts the target's server (a round starts each afresh per iteration)
     */
    public record Estimate(long loadSeconds, int scenarioRuns, DiskEstimate.Need disk, boolean startsServer) {
    }

    private final Path root;
    private final BuildLog log;

    public RoundCheck(Path root, BuildLog log) {
        this.root = root;
        this.log = log;
    }

    /**
     * @param targets    -Dtargets
     * @param iterations -Diterations
     * @param scenarios  -Dscenarios (blank or all: every scenario)
     * @param parameters what every target run shares, as the build gives it, recorded in the round
     * @param measures   whether this build goes on to measure (else nothing is written)
     * @return the round folder, or null when the build does not measure
     */
    public Path newRound(String targets, int iterations, String scenarios, Map<String, String> parameters,
                         TargetCheck check, DiskEstimate.FreeSpace freeSpace, boolean measures, RoundPointer pointer)
            throws InvalidRunException, IOException {
        List<Scenario> asked = RunParameters.scenarios(scenarios).stream()
                .sorted(Comparator.comparingInt(Scenario::ordinal)).toList();
        RoundTargets round = RoundTargets.parse(targets, root.resolve("config/targets"), asked);
        long seconds = 0;
        int scenarioRuns = 0;
        DiskEstimate.Need disk = null;
        for (String target : round.names()) {
            log.info("round: checking target '" + target + "' (scenarios " + String.join(",", round.served().get(target))
                    + (round.notServed().get(target).isEmpty() ? "" : "; not served by its profile: "
                    + String.join(",", round.notServed().get(target))) + ")");
            Estimate e;
            try {
                e = check.check(target, round.served().get(target));
            } catch (InvalidRunException ex) {
                throw new InvalidRunException("round, target '" + target + "': " + ex.getMessage());
            }
            if (!e.startsServer()) {
                throw new InvalidRunException("round, target '" + target + "': its server is one the suite does not"
                        + " start (its profile has neither start=true nor server.command), and a round starts every"
                        + " target's server afresh in each iteration; measure it on its own with -Dtarget=" + target);
            }
            seconds += iterations * (e.loadSeconds() + SECONDS_PER_TARGET_RUN + e.scenarioRuns() * SECONDS_PER_SCENARIO_RUN);
            scenarioRuns += iterations * e.scenarioRuns();
            for (int i = 0; i < iterations; i++) {
                disk = disk == null ? e.disk() : disk.plus(e.disk());
            }
        }
        int targetRuns = round.names().size() * iterations;
        log.info("round: targets " + String.join(", ", round.names()) + ", " + iterations + " iteration"
                + (iterations == 1 ? "" : "s") + " (the order of targets and of each target's scenarios rotated per"
                + " iteration): " + targetRuns + " target runs, " + scenarioRuns + " scenario runs, about "
                + ProgressLine.formatDuration(seconds) + " in all");
        log.info("round " + DiskEstimate.check(disk, root.resolve(RunLayout.RESULTS), freeSpace));
        if (!measures) {
            log.info("round valid; no run in this build (it ends before integration-test)");
            pointer.forget();
            return null;
        }
        List<TargetRun> runs = RoundOrder.of(round.names(), iterations, round.served());
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path results = root.resolve(RunLayout.RESULTS);
        Path dir = RoundRecord.dir(results, id);
        for (int i = 2; Files.exists(dir); i++) {
            dir = RoundRecord.dir(results, id + "-" + i);
        }
        RoundRecord record = new RoundRecord(dir.getFileName().toString().substring(RoundRecord.PREFIX.length()),
                Instant.now().toString(), round.names(), iterations, asked.stream().map(Scenario::id).toList(),
                parameters, round.served(), round.notServed(), runs);
        record.write(dir);
        pointer.point(dir);
        log.info("round " + record.id() + ": " + root.relativize(dir) + " (resume a stopped round with -Dresume="
                + RoundRecord.PREFIX + record.id() + ")");
        return dir;
    }

    /** {@code -Dresume=round-<id>} (or a round folder's path): the round read back, what is left said. */
    public Path resume(String value, boolean measures, RoundPointer pointer) throws InvalidRunException, IOException {
        Path dir = folder(value);
        RoundRecord record = RoundRecord.read(dir);
        int done = (int) record.runs().stream().filter(TargetRun::finished).count();
        String next = record.firstUnfinished().map(i -> record.runs().get(i))
                .map(r -> "; it goes on with " + r.label() + (r.runId() == null ? "" : " (run " + r.runId() + ", resumed)"))
                .orElse("; every target run has ended: the report is written again");
        log.info("round " + record.id() + ": " + done + " of " + record.runs().size() + " target runs ended" + next);
        if (!measures) {
            pointer.forget();
            return null;
        }
        pointer.point(dir);
        return dir;
    }

    /** Whether -Dresume names a round rather than a run. */
    public static boolean namesRound(String resume) {
        String v = resume == null ? "" : resume.strip();
        return v.startsWith(RoundRecord.PREFIX) || (!v.isEmpty() && Files.isRegularFile(Path.of(v).resolve(RoundRecord.FILE)));
    }

    private Path folder(String value) throws InvalidRunException {
        String v = value.strip();
        Path results = root.resolve(RunLayout.RESULTS);
        Path dir = v.startsWith(RoundRecord.PREFIX) && !v.contains("/") ? results.resolve(v) : Path.of(v).toAbsolutePath();
        if (!Files.isRegularFile(dir.resolve(RoundRecord.FILE))) {
            throw new InvalidRunException("-Dresume=" + value + ": no round there (" + dir.resolve(RoundRecord.FILE)
                    + " missing); rounds under " + results + ": "
                    + rounds(results));
        }
        return dir;
    }

    private static String rounds(Path results) {
        try (var list = Files.list(results)) {
            List<String> names = list.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(RoundRecord.PREFIX))
                    .sorted().toList();
            return names.isEmpty() ? "none" : String.join(", ", names);
        } catch (IOException e) {
            return "none";
        }
    }
}
