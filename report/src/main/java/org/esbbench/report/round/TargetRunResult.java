package org.esbbench.report.round;

import org.esbbench.report.folder.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * One target run of a round with what its run folder gave the report: its summary's rows when it was measured, else
 * why not. A run that failed, or whose folder has no readable summary.csv, is a failed iteration of every point
 * of its target (its figures are left out of the medians, the cells say so); a run not yet made (a round stopped
 * before it) is a missing iteration, not a failed one.
 *
 * @param run     the target run as round.json records it
 * @param status  what the report could use of it
 * @param rows    its summary's rows when {@link Status#MEASURED}, else empty
 * @param problem why it is not measured (for the log and round.md), empty when it is
 */
public record TargetRunResult(RoundRecord.TargetRun run, Status status, List<SummaryRow> rows, String problem) {

    /** What the report could use of a target run. */
    public enum Status {
        /** Done, and its summary.csv was read. */
        MEASURED,
        /** Failed, or done without a readable summary.csv: a failed iteration. */
        FAILED,
        /** Pending or running when the report was written: the round has not got this far. */
        NOT_RUN
    }

    public TargetRunResult {
        rows = List.copyOf(rows);
    }

    /** Reads the run folder of {@code run} under {@code results}, logging why a run is not used. */
    public static TargetRunResult load(Path results, RoundRecord.TargetRun run, Consumer<String> log) {
        TargetRunResult result = loadQuietly(results, run);
        if (result.status() != Status.MEASURED) {
            log.accept("round: " + run.label() + (run.runId() == null ? "" : " (" + run.runId() + ")") + ": "
                    + result.problem());
        }
        return result;
    }

    private static TargetRunResult loadQuietly(Path results, RoundRecord.TargetRun run) {
        return switch (run.state()) {
            case PENDING, RUNNING -> new TargetRunResult(run, Status.NOT_RUN, List.of(),
                    "not run (" + run.state().name().toLowerCase(Locale.ROOT) + ")");
            case FAILED -> new TargetRunResult(run, Status.FAILED, List.of(),
                    "failed" + (run.failure() == null || run.failure().isBlank() ? "" : ": " + run.failure()));
            case DONE -> measured(results, run);
        };
    }

    private static TargetRunResult measured(Path results, RoundRecord.TargetRun run) {
        if (run.runId() == null || run.runId().isBlank()) {
            return new TargetRunResult(run, Status.FAILED, List.of(), "done, but round.json names no run folder");
        }
        Path summary = results.resolve(run.runId()).resolve(RunLayout.SUMMARY_CSV);
        if (!Files.isRegularFile(summary)) {
            return new TargetRunResult(run, Status.FAILED, List.of(), "no " + RunLayout.SUMMARY_CSV + " in "
                    + run.runId() + " (its analysis did not finish)");
        }
        try {
            return new TargetRunResult(run, Status.MEASURED, SummaryRow.read(summary), "");
        } catch (IOException e) {
            return new TargetRunResult(run, Status.FAILED, List.of(), "unreadable " + RunLayout.SUMMARY_CSV + ": "
                    + e.getMessage());
        }
    }
}
