package org.esbbench.report.run;

import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.esbbench.report.points.Point;
import org.esbbench.report.synthetic.SyntheticJtl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A run folder as the run goals leave it before the analysis: run-parameters.json, one synthetic results file per
 * scenario run (clean unless told otherwise), scenario-runs.csv and processes.csv.
 */
final class AnalysableRunFixture {
    static final Point DIRECT_5 = new Point("direct", 5, 1024, 0);
    static final Point DIRECT_10 = new Point("direct", 10, 1024, 0);
    static final long START = 1_800_000_000_000L;
    static final long WARMUP_SECONDS = 2;
    static final long MEASUREMENT_SECONDS = 20;

    private final Path folder;
    private final List<Point> points = new ArrayList<>(List.of(DIRECT_5, DIRECT_10));
    private final Map<String, Double> errorRates = new LinkedHashMap<>();
    private final List<String> missing = new ArrayList<>();
    private final Map<String, String> problems = new LinkedHashMap<>();
    private final Map<String, Double> incorrectRates = new LinkedHashMap<>();
    private final Map<String, String> parameters = new LinkedHashMap<>(Map.of("esbbench.users", "5,10"));
    private int repeats = 2;

    AnalysableRunFixture(Path results, String runId) {
        this.folder = results.resolve(runId);
    }

    /** The run's points, in the order the run goal measured them (default: direct at 5 and 10 users). */
    AnalysableRunFixture points(List<Point> points) {
        this.points.clear();
        this.points.addAll(points);
        return this;
    }

    AnalysableRunFixture repeats(int n) {
        this.repeats = n;
        return this;
    }

    /** This scenario run's samples fail at this rate (transport errors). */
    AnalysableRunFixture failing(String scenarioRun, double errorRate) {
        errorRates.put(scenarioRun, errorRate);
        return this;
    }

    /** This scenario run's samples are incorrect replies at this rate. */
    AnalysableRunFixture incorrect(String scenarioRun, double incorrectRate) {
        incorrectRates.put(scenarioRun, incorrectRate);
        return this;
    }

    /** A run parameter as check records it in run-parameters.json. */
    AnalysableRunFixture parameter(String name, String value) {
        parameters.put(name, value);
        return this;
    }

    /** This scenario run left no results file. */
    AnalysableRunFixture withoutResults(String scenarioRun) {
        missing.add(scenarioRun);
        return this;
    }

    /** The run goal recorded a problem with this scenario run. */
    AnalysableRunFixture problem(String scenarioRun, String problem) {
        problems.put(scenarioRun, problem);
        return this;
    }

    RunLayout write() throws IOException {
        RunLayout layout = new RunLayout(folder);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("versions", Map.of("esbBench", "1.0-test", "jmeter", "5.6.3"));
        record.put("git", Map.of("commit", "0123abc", "localChanges", false));
        record.put("machine", Map.of("cores", 2));
        RunParametersFile plan = new RunParametersFile(layout.runId(), "reference", Instant.ofEpochMilli(START - 60_000),
                parameters, List.of(new RunParametersFile.PlanEntry("direct", "jmx/direct.jmx", "direct", true)),
                points, repeats, WARMUP_SECONDS, MEASUREMENT_SECONDS, "direct at 5 and 10 users, 1 KiB", record);
        plan.write(layout.runParameters());
        Files.createDirectories(layout.dir().resolve(RunLayout.JTL));
        long start = START;
        int seed = 1;
        for (RunParametersFile.ScenarioRun run : plan.scenarioRuns()) {
            String name = run.name();
            if (!missing.contains(name)) {
                double errors = errorRates.getOrDefault(name, 0.0);
                SyntheticJtl.write(new SyntheticJtl.Spec(3_000 * run.point().users() / 5, start, 25,
                        run.point().users(), errors, incorrectRates.getOrDefault(name, 0.0), "direct", seed++),
                        layout.jtl(name));
            }
            ScenarioRunJournal.append(layout.scenarioRuns(), new ScenarioRunJournal.Entry(name, start, start + 26_000,
                    Optional.of(0), problems.getOrDefault(name, "")));
            start += 30_000;
        }
        ProcessesFile.write(layout.processes(), List.of(
                new ProcessesFile.Entry("server", 101, START - 10_000, OptionalLong.of(start), "server.log",
                        "java -Xmx512m -jar reference-esb.jar"),
                new ProcessesFile.Entry("jmeter-" + plan.scenarioRuns().get(0).name(), 102, START, OptionalLong.of(START + 26_000),
                        "logs/jmeter.out", "java -jar ApacheJMeter.jar")));
        return layout;
    }
}
