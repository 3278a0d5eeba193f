package org.esbbench.maven;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.Properties;
import org.esbbench.report.run.ProcessesFile;
import org.esbbench.report.run.RunLayout;
import org.esbbench.report.run.RunPlanFile;
import org.esbbench.report.run.ScenarioRunJournal;

/**
 * The run as {@link RunRecord} and {@link SummaryMarkdown} take it (the properties the goals used to hand on),
 * made from the run's own files: the run plan, the scenario-run journal and processes.csv.
 * TODO: goes when the analysis moves into report (RunAnalysis reads those files itself).
 */
final class RunPropertiesView {
    private RunPropertiesView() {
    }

    static Properties of(RunPlanFile plan, Collection<ScenarioRunJournal.Entry> journal, RunLayout layout) throws IOException {
        Properties run = new Properties();
        run.setProperty("runId", plan.runId());
        run.setProperty("runDir", layout.dir().toString());
        run.setProperty("target", plan.target());
        run.setProperty("checkedAt", Long.toString(plan.checkedAt().toEpochMilli()));
        // The run's times come from the journal: the first scenario run's start, the last one's end.
        journal.stream().mapToLong(ScenarioRunJournal.Entry::startedAtMs).min()
                .ifPresent(t -> run.setProperty("startedAt", Long.toString(t)));
        journal.stream().mapToLong(ScenarioRunJournal.Entry::endedAtMs).max()
                .ifPresent(t -> run.setProperty("stoppedAt", Long.toString(t)));
        if (!plan.uncheckedPlans().isEmpty()) {
            run.setProperty("uncheckedPlans", String.join(",", plan.uncheckedPlans()));
        }
        // The servers' command lines (JVM flags included); JMeter's are in its logs, the monitor's measure nothing.
        for (ProcessesFile.Entry p : ProcessesFile.read(layout.processes())) {
            if (p.name().equals("server") || p.name().equals("backend")) {
                run.setProperty("process." + p.name() + ".pid", Long.toString(p.pid()));
                run.setProperty("process." + p.name() + ".command", p.command());
            }
        }
        return run;
    }

    /** The versions check recorded in the run plan. */
    @SuppressWarnings("unchecked")
    static RunRecord.Versions versions(RunPlanFile plan) {
        Map<String, Object> v = plan.record().get(RunFacts.VERSIONS) instanceof Map<?, ?> m
                ? (Map<String, Object>) m : Map.of();
        return new RunRecord.Versions(String.valueOf(v.getOrDefault("suite", "unknown")),
                String.valueOf(v.getOrDefault("jmeter", "unknown")), String.valueOf(v.getOrDefault("server", "unknown")));
    }
}
