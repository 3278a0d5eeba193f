package org.esbbench.maven.servers;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.ScenarioRunJournal;

/** What the run goal records when the server or the backend died ({@link TargetWatch}). */
public final class TargetDeath {
    private TargetDeath() {
    }

    /** The problem of the scenario run during which it died: "server process (pid N) exited (signal 9) during NAME". */
    public static String during(String death, String name, String label) {
        return death + " during " + name + " (" + label + "); its JMeter was stopped and no further scenario run"
                + " starts";
    }

    /**
     * Records every pending scenario run from {@code from} on as not measured, naming the cause, so that the journal
     * and the analysis list them and {@code -Dresume} measures them later.
     */
    public static void skipRest(RunLayout layout, List<RunParametersFile.ScenarioRun> pending, int from, String death,
                         Consumer<String> warn) throws IOException {
        List<RunParametersFile.ScenarioRun> rest = pending.subList(Math.min(from, pending.size()), pending.size());
        if (rest.isEmpty()) {
            return;
        }
        long now = System.currentTimeMillis();
        for (RunParametersFile.ScenarioRun r : rest) {
            ScenarioRunJournal.append(layout.scenarioRuns(), new ScenarioRunJournal.Entry(r.name(), now, now,
                    Optional.empty(), "not measured: " + death + " before it started"));
        }
        warn.accept(death + ": " + rest.size() + " scenario run(s) not measured (" + rest.get(0).name()
                + (rest.size() > 1 ? " … " + rest.get(rest.size() - 1).name() : "") + "); the analysis reads what was"
                + " measured; measure the rest with -Dresume=" + layout.runId());
    }
}
