package org.esbbench.report.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.esbbench.report.folder.ResultsCompression;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;

/**
 * How far a run folder got: for each scenario run of its plan, in run order, whether the folder holds it
 * {@linkplain State#COMPLETE complete}, {@linkplain State#INTERRUPTED interrupted} or not at all. The one definition
 * of "complete", shared by the check of a resumed run, the run goal (which measures only what is pending) and the
 * tests. Every run is a resume of its own plan: for a new folder everything is missing.
 *
 * <p>A scenario run is complete when the journal's last row for it says JMeter exited 0 with no problem, its
 * results file (plain or compressed) is a non-empty regular file or was dropped by its analysis, and the row's times cover at least its warm-up and measurement windows.
 * A run whose window had errors is still complete: its figures are a result, and the analysis fails on them.
 */
public final class RunProgress {

    /** What the folder holds of one scenario run. */
    public enum State {
        /** Measured: the journal says it ended well and its results file is there. */
        COMPLETE,
        /** Started, not complete: some of its files exist (or a row that does not say it ended well). */
        INTERRUPTED,
        /** Never started. */
        MISSING
    }

    /** One scenario run and its state. */
    public record Item(RunParametersFile.ScenarioRun run, State state) {
    }

    private final RunLayout layout;
    private final List<Item> items;

    private RunProgress(RunLayout layout, List<Item> items) {
        this.layout = layout;
        this.items = List.copyOf(items);
    }

    /** Reads the journal and the folder's files against the plan. */
    public static RunProgress of(RunLayout layout, RunParametersFile plan) throws IOException {
        Map<String, ScenarioRunJournal.Entry> journal = ScenarioRunJournal.read(layout.scenarioRuns());
        long windowMs = (plan.warmupSeconds() + plan.measurementSeconds()) * 1000;
        List<Item> items = new ArrayList<>();
        for (RunParametersFile.ScenarioRun run : plan.scenarioRuns()) {
            ScenarioRunJournal.Entry row = journal.get(run.name());
            State state;
            if (row != null && complete(row, layout, run.name(), windowMs)) {
                state = State.COMPLETE;
            } else if (row != null || !filesOf(layout, run.name()).isEmpty()) {
                state = State.INTERRUPTED;
            } else {
                state = State.MISSING;
            }
            items.add(new Item(run, state));
        }
        return new RunProgress(layout, items);
    }

    /** Results present: plain or compressed ({@link RunLayout#results}) and not empty, or dropped once analysed. */
    private static boolean complete(ScenarioRunJournal.Entry row, RunLayout layout, String name, long windowMs)
            throws IOException {
        Path jtl = layout.results(name);
        boolean results = Files.isRegularFile(jtl) && Files.size(jtl) > 0 || RawResults.dropped(layout, name);
        return row.exitCode().filter(code -> code == 0).isPresent() && row.problem().isBlank() && results
                && row.endedAtMs() - row.startedAtMs() >= windowMs;
    }

    /**
     * The files and folders of scenario run {@code name} that exist: its results (plain, compressed, a compression
     * cut short, the note of dropped ones), JMeter's log and output, its PerfMon recording, histogram, latency
     * distribution, dashboard and charts.
     */
    public static List<Path> filesOf(RunLayout layout, String name) throws IOException {
        List<Path> files = new ArrayList<>();
        Path gz = layout.compressedJtl(name);
        for (Path p : List.of(layout.jtl(name), gz, gz.resolveSibling(gz.getFileName() + ResultsCompression.TMP),
                layout.droppedResults(name), layout.jmeterLog(name), layout.jmeterOutput(name), layout.perfmon(name),
                layout.histogram(name), layout.latency(name), layout.dashboard(name))) {
            if (Files.exists(p)) {
                files.add(p);
            }
        }
        if (Files.isDirectory(layout.charts())) {
            try (DirectoryStream<Path> charts = Files.newDirectoryStream(layout.charts(), name + "-*")) {
                charts.forEach(files::add);
            }
        }
        return files;
    }

    public List<Item> items() {
        return items;
    }

    public int total() {
        return items.size();
    }

    public int count(State state) {
        return (int) items.stream().filter(i -> i.state() == state).count();
    }

    /** The scenario runs still to measure (interrupted and missing), in run order. */
    public List<RunParametersFile.ScenarioRun> pending() {
        return items.stream().filter(i -> i.state() != State.COMPLETE).map(Item::run).toList();
    }

    /** The first scenario run still to measure: the backend and the server start at its delay and heap. */
    public Optional<RunParametersFile.ScenarioRun> firstPending() {
        return pending().stream().findFirst();
    }

    /** Seconds of load still to measure, each scenario run taking {@code loadSeconds}: the check's "left" figure. */
    public long pendingSeconds(long loadSeconds) {
        return pending().size() * loadSeconds;
    }

    /**
     * Moves every file of every interrupted scenario run to {@code partial/s<session>/}, under the same path relative
     * to the run folder, so that nothing of a half-measured attempt is lost and nothing of it is read as a result.
     *
     * @return the files moved, where they were
     */
    public List<Path> moveAside(int session) throws IOException {
        List<Path> moved = new ArrayList<>();
        Path partial = layout.partial(session);
        for (Item item : items) {
            if (item.state() != State.INTERRUPTED) {
                continue;
            }
            for (Path file : filesOf(layout, item.run().name())) {
                Path to = partial.resolve(layout.dir().relativize(file));
                Files.createDirectories(to.getParent());
                // A name already there (a second try in one session) is kept: the newer attempt gets a suffix.
                for (int i = 2; Files.exists(to); i++) {
                    to = to.resolveSibling(file.getFileName() + "." + i);
                }
                Files.move(file, to, StandardCopyOption.ATOMIC_MOVE);
                moved.add(file);
            }
        }
        return moved;
    }

    /** "8 scenario runs planned, 3 complete, 1 interrupted, 4 missing". */
    public String describe() {
        return total() + " scenario runs planned, " + count(State.COMPLETE) + " complete, " + count(State.INTERRUPTED)
                + " interrupted, " + count(State.MISSING) + " missing";
    }

}
