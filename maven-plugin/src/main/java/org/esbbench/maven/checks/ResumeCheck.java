package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.ExplicitParameters;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.scenario.ProgressLine;
import org.esbbench.maven.targets.ProfileScenarios;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.run.RunProgress;
import org.esbbench.report.folder.RunSessions;
import org.esbbench.report.folder.ScenarioRunJournal;

/**
 * {@code check -Dresume=RUN_ID|latest|path}: the checks of a build that continues a run folder instead of planning a
 * new one. It finds the folder, refuses when the build asks for another plan than the stored one (naming each
 * difference) or when processes of the earlier build still run, and says what is left. Then, in a build that
 * measures, it prepares the folder for the next session: a torn journal line cut back, the files of interrupted
 * scenario runs moved to {@code partial/s<n>/}, a {@code sessions.csv} row. The run parameters file is never rewritten.
 */
public final class ResumeCheck {
    /** The run parameters plus the target: the names whose explicit values must agree with the stored plan. */
    public static final String TARGET = ExplicitParameters.TARGET;

    /** The run parameters in the README's order, for messages. */
    private static final List<String> ORDER = List.of("scenarios", "plans", "model", "users", "rate", "size", "delay",
            "repeats", "warmup", "measurement", "heap", "rampup", "reuse", "connectTimeout", "responseTimeout", "wsSuite",
            "wsMode", "wsPool");

    private final Path root;
    private final Consumer<String> log;

    public ResumeCheck(Path root, Consumer<String> log) {
        this.root = root;
        this.log = log;
    }

    /** The folder to continue, and what it holds. */
    public record Resumed(RunLayout layout, RunParametersFile planFile, RunProgress progress, int session) {
        /** The run's parameters as planned: what every later goal of this build reads again from run-parameters.json. */
        Map<String, String> parameters() {
            return planFile.parameters();
        }
    }

    /**
     * Steps 1-4: resolves {@code resume}, compares the build's explicit parameters with the stored plan, requires that
     * no process of an earlier build runs, and reads how far the folder got. Touches nothing.
     *
     * @param explicit the run parameters (and {@code target}) the build gives explicitly, by name
     */
    public Resumed check(String resume, Map<String, String> explicit) throws InvalidRunException {
        RunLayout layout = resolve(resume);
        RunParametersFile planFile;
        try {
            planFile = RunParametersFile.read(layout.runParametersFile());
        } catch (IOException e) {
            throw new InvalidRunException("cannot resume " + layout.runId() + ": " + e.getMessage());
        }
        List<String> differences = differences(layout, planFile, explicit);
        if (!differences.isEmpty()) {
            throw new InvalidRunException("cannot resume " + layout.runId() + ": it was planned with "
                    + String.join("; ", differences) + ". A resumed run keeps its plan: drop these options, or start a"
                    + " new run (no -Dresume).");
        }
        requireNoLeftovers(layout);
        try {
            return new Resumed(layout, planFile, RunProgress.of(layout, planFile), RunSessions.next(layout));
        } catch (IOException e) {
            throw new InvalidRunException("cannot read how far run " + layout.runId() + " got: " + e.getMessage());
        }
    }

    /** The run folder {@code resume} names: a run id, a path, or {@code latest}, the newest planned run. */
    RunLayout resolve(String resume) throws InvalidRunException {
        Path results = root.resolve(RunLayout.RESULTS);
        Path dir;
        try {
            if (resume.equals(RunLayout.LATEST)) {
                // Not results/latest: only the analysis writes that link, so it never names a killed run.
                dir = LatestRun.newestPlanned(results);
                log.accept("resume latest = " + dir.getFileName() + " (planned "
                        + RunParametersFile.read(new RunLayout(dir).runParametersFile()).checkedAt() + ")");
            } else {
                dir = LatestRun.resolve(results, resume);
            }
        } catch (IOException e) {
            throw new InvalidRunException("-Dresume=" + resume + ": " + e.getMessage()
                    + "; give a run id (a folder under results/), a run folder's path or latest");
        }
        RunLayout layout = new RunLayout(dir);
        if (!Files.isRegularFile(layout.runParametersFile())) {
            throw new InvalidRunException("-Dresume=" + resume + ": " + dir + " is not a run check finished (no "
                    + RunLayout.RUN_PARAMETERS + "): start a new run (no -Dresume)");
        }
        return layout;
    }

    /**
     * Each explicit parameter that would plan the run differently from its stored plan, as
     * "users=1,2 and this build gives -Dusers=3". Values are compared as parsed, so {@code -Dusers=2,1} equals a
     * stored {@code 1,2}, and a value that changes nothing (a ramp-up capped at the warm-up either way) is no difference.
     */
    List<String> differences(RunLayout layout, RunParametersFile stored, Map<String, String> explicit)
            throws InvalidRunException {
        List<String> differences = new ArrayList<>();
        String target = explicit.get(TARGET);
        if (target != null && !target.isBlank() && !target.strip().equals(stored.target())) {
            differences.add(TARGET + "=" + stored.target() + " and this build gives -D" + TARGET + "=" + target.strip());
        }
        RunParameters planned = parse(stored.parameters(), layout, stored);
        // In the run parameters' order of parameters (scenarios, plans, model, users ...), so the message reads the same each time.
        List<String> order = ORDER;
        List<Map.Entry<String, String>> given = explicit.entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> order.contains(e.getKey()) ? order.indexOf(e.getKey())
                        : Integer.MAX_VALUE)).toList();
        for (Map.Entry<String, String> e : given) {
            String name = e.getKey();
            if (name.equals(TARGET) || !RunParameters.DEFAULTS.containsKey(name)) {
                continue;
            }
            Map<String, String> changed = new LinkedHashMap<>(stored.parameters());
            changed.put(name, e.getValue());
            RunParameters asked;
            try {
                asked = parse(changed, layout, stored);
            } catch (InvalidRunException invalid) {
                differences.add(name + "=" + stored.parameters().getOrDefault(name, RunParameters.DEFAULTS.get(name))
                        + " and this build gives -D" + name + "=" + e.getValue() + " (" + invalid.getMessage() + ")");
                continue;
            }
            if (!asked.equals(planned)) {
                differences.add(name + "=" + stored.parameters().getOrDefault(name, RunParameters.DEFAULTS.get(name))
                        + " and this build gives -D" + name + "=" + e.getValue());
            }
        }
        return differences;
    }

    /** The stored parameters with {@code scenarios=all} narrowed to the profile's list, as check did when it planned. */
    private RunParameters parse(Map<String, String> parameters, RunLayout layout, RunParametersFile stored)
            throws InvalidRunException {
        Map<String, String> selected = parameters;
        try {
            TargetProfile profile = new CurrentRun(layout, stored, root).profile();
            selected = ProfileScenarios.select(parameters, profile, line -> { });
        } catch (InvalidRunException noProfile) {
            // A plan written without its target profile: the parameters as stored.
        }
        return RunParameters.parse(selected, root, root.resolve("jmx"));
    }

    /** The processes of an earlier build of the run that still run (processes.csv, pid and start time). */
    public static void requireNoLeftovers(RunLayout layout) throws InvalidRunException {
        List<String> alive = new java.util.ArrayList<>();
        try {
            ProcessRegistry registry = new ProcessRegistry(layout.processes());
            registry.running().forEach(p -> alive.add(p.name() + " (pid " + p.pid() + ")"));
            // A server that died left its workers (its process group) behind, e.g. on the server's port.
            registry.orphanedGroups().forEach(e -> alive.add("what is left of " + e.name() + "'s process group "
                    + e.processGroup().getAsLong()));
        } catch (IOException e) {
            throw new InvalidRunException("cannot read " + layout.processes() + ": " + e.getMessage());
        }
        if (!alive.isEmpty()) {
            throw new InvalidRunException("run " + layout.runId() + " still has processes from its earlier build: "
                    + String.join(", ", alive)
                    + ". Stop them with mvn -pl suite esb-bench:stop -Drun=" + layout.runId() + ", then resume");
        }
    }

    /** Step 4's line: what the folder holds and what this session measures. */
    public static String describe(Resumed r, long loadSeconds) {
        String head = "resuming run " + r.layout().runId() + " (session " + r.session() + "): ";
        int pending = r.progress().pending().size();
        if (pending == 0) {
            return head + "all " + r.progress().total() + " complete: nothing to measure; the analysis reads the whole run";
        }
        return head + r.progress().describe() + ": " + pending + " to measure, about "
                + ProgressLine.formatDuration(r.progress().pendingSeconds(loadSeconds)) + " of load left";
    }

    /**
     * Step 5, in a build that measures: the journal's torn last line cut back (kept as
     * {@code partial/s<n>/scenario-runs.tail}), the interrupted scenario runs' files moved aside, the session's row.
     */
    public void prepare(Resumed r, String explicit) throws IOException {
        RunLayout layout = r.layout();
        // No process of the earlier builds runs (requireNoLeftovers): one the file still says runs ended with its
        // build unmarked (Ctrl-C reaches the build's whole process group); this session must not watch it as its own.
        new ProcessRegistry(layout.processes()).markAllStopped();
        java.util.Optional<String> tail = ScenarioRunJournal.repairTail(layout.scenarioRuns());
        if (tail.isPresent()) {
            Path kept = layout.journalTail(r.session());
            Files.createDirectories(kept.getParent());
            Files.writeString(kept, tail.get());
            log.accept("the journal's last line was torn (a build killed while writing it): cut back, kept as "
                    + layout.relative(kept));
        }
        List<Path> moved = r.progress().moveAside(r.session());
        if (!moved.isEmpty()) {
            log.accept(moved.size() + " file(s) of interrupted scenario runs moved to "
                    + layout.relative(layout.partial(r.session())) + "/ (measured again)");
        }
        RunSessions.append(layout.sessions(), new RunSessions.Session(r.session(), System.currentTimeMillis(),
                r.progress().count(RunProgress.State.COMPLETE), r.progress().count(RunProgress.State.INTERRUPTED),
                r.progress().pending().size(), explicit));
    }

    /** "users=1,2 scenarios=direct": the explicit parameters of a session, for sessions.csv. */
    public static String describeExplicit(Map<String, String> explicit) {
        return explicit.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
