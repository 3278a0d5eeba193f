package org.esbbench.report.folder;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;
import org.esbbench.report.samples.LatencyTiming;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code run.json}: everything needed to reproduce a run and compare it with another, built from the run's own
 * files so that a re-analysis writes it again: the run parameters file (parameters, and the facts check recorded: versions,
 * git, machine, ...), the processes the run started with their command lines, the times, each point's figures
 * over its repeats and what failed. The results index reads it.
 */
public final class RunJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * What a run whose load came from JMeter engines ({@code generators.json}) adds to run.json: the analysis makes
     * it (its {@code EnginesReport}), this class only writes it where it belongs.
     */
    public interface Engines {
        /** run.json's {@code generators} section: the engines, the client, the split rule, each engine's processes. */
        Map<String, Object> section(List<ProcessesFile.Entry> processes);

        /** A point's share of its load per engine ({@code engineShares}). */
        Map<String, Integer> shares(Point point);

        /** A point's CPU per engine over its repeats ({@code engines}). */
        Map<String, Object> engineCpu(List<org.esbbench.report.points.RepeatRow> repeats,
                                      Map<String, org.esbbench.report.usage.WindowUsage> usageByScenarioRun);
    }

    private RunJson() {
    }

    public static void write(RunLayout layout, RunParametersFile plan, Collection<ScenarioRunJournal.Entry> journal,
                             List<ProcessesFile.Entry> processes, List<PointSummary> points, Figures figures,
                             List<String> failures, Instant analyzedAt) throws IOException {
        write(layout, plan, journal, processes, points, figures, failures, analyzedAt, java.util.Optional.empty(), Map.of());
    }

    /**
     * @param engines            what the run's JMeter engines add, empty when one local JMeter generated the load
     * @param usageByScenarioRun each scenario run's window usage (its engines' CPU), by scenario run name
     */
    public static void write(RunLayout layout, RunParametersFile plan, Collection<ScenarioRunJournal.Entry> journal,
                             List<ProcessesFile.Entry> processes, List<PointSummary> points, Figures figures,
                             List<String> failures, Instant analyzedAt, java.util.Optional<? extends Engines> engines,
                             Map<String, org.esbbench.report.usage.WindowUsage> usageByScenarioRun) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("runId", plan.runId());
        json.put("outcome", failures.isEmpty() ? "passed" : "failed");
        plan.record().forEach((k, v) -> {
            if (!k.equals("parameters")) {
                json.putIfAbsent(k, v);
            }
        });
        json.put("parameters", parameters(plan));
        json.put("processes", processes(processes));
        engines.ifPresent(g -> json.put("generators", g.section(processes)));
        json.put("times", times(plan, journal, analyzedAt));
        // The builds that measured into the folder: one for a run that was never resumed.
        json.put("sessions", RunSessions.read(layout.sessions()).stream().map(s -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("session", s.session());
            m.put("startedAt", Instant.ofEpochMilli(s.startedAtMs()).toString());
            m.put("complete", s.complete());
            m.put("interrupted", s.interrupted());
            m.put("pending", s.pending());
            m.put("explicit", s.explicit());
            return m;
        }).toList());
        json.put("points", points(points, figures, engines, usageByScenarioRun));
        json.put("failures", failures);
        writeAtomically(layout, json);
    }

    /** The parameters as the analysis knows them from the plan, then every parameter as check validated it. */
    private static Map<String, Object> parameters(RunParametersFile plan) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("target", plan.target());
        p.put("plans", plan.plans().stream().map(e -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", e.id());
            m.put("file", e.file());
            if (!e.scenario().isBlank()) {
                m.put("scenario", e.scenario());
            }
            m.put("replyCheck", e.repliesChecked() ? "checked" : "none (the plan opts out)");
            return m;
        }).toList());
        List<Point> points = plan.points();
        List<String> models = new ArrayList<>();
        if (points.stream().anyMatch(pt -> !pt.isOpen())) {
            models.add("closed");
        }
        if (points.stream().anyMatch(Point::isOpen)) {
            models.add("open");
        }
        p.put("models", models);
        p.put("users", new TreeSet<>(points.stream().filter(pt -> !pt.isOpen()).map(Point::users).toList()));
        p.put("rates", new TreeSet<>(points.stream().filter(Point::isOpen).map(Point::rate).toList()));
        p.put("sizeBytes", new TreeSet<>(points.stream().map(Point::sizeBytes).toList()));
        p.put("delayMs", new TreeSet<>(points.stream().map(Point::delayMs).toList()));
        // the heaps measured when the run varied the heap; with one heap the run parameters' record gives it
        List<String> heaps = points.stream().map(Point::heap).filter(h -> !h.isEmpty()).distinct()
                .sorted(java.util.Comparator.comparingLong(Point::heapBytes)).toList();
        List<Integer> serverCores = points.stream().map(Point::serverCores).filter(c -> c > 0).distinct().sorted()
                .toList();
        if (!serverCores.isEmpty()) {
            p.put("serverCores", serverCores);
        }
        if (!heaps.isEmpty()) {
            p.put("heaps", heaps);
        }
        p.put("repeats", plan.repeats());
        p.put("warmupSeconds", plan.warmupSeconds());
        p.put("measurementSeconds", plan.measurementSeconds());
        if (plan.record().get("parameters") instanceof Map<?, ?> recorded) {
            recorded.forEach((k, v) -> p.putIfAbsent(String.valueOf(k), v));
        }
        plan.parameters().forEach(p::putIfAbsent);
        return p;
    }

    /**
     * The processes the run started, by name; JMeter's are one per scenario run and left out, and the JMeter engines'
     * are in the {@code generators} section (a list per engine: one restarted during the run has several).
     */
    private static Map<String, Object> processes(List<ProcessesFile.Entry> entries) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ProcessesFile.Entry e : entries) {
            if (e.name().startsWith("jmeter") || e.name().startsWith("engine-")) {
                continue;
            }
            out.put(e.name(), process(e));
        }
        return out;
    }

    /** A started process as run.json lists it (also in the {@code generators} section, per engine). */
    public static Map<String, Object> process(ProcessesFile.Entry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pid", e.pid());
        m.put("command", e.command());
        m.put("log", e.log());
        m.put("startedAt", Instant.ofEpochMilli(e.startedAtMs()).toString());
        e.stoppedAtMs().ifPresent(t -> m.put("stoppedAt", Instant.ofEpochMilli(t).toString()));
        return m;
    }

    private static Map<String, Object> times(RunParametersFile plan, Collection<ScenarioRunJournal.Entry> journal,
                                             Instant analyzedAt) {
        Map<String, Object> times = new LinkedHashMap<>();
        times.put("checkedAt", plan.checkedAt().toString());
        journal.stream().mapToLong(ScenarioRunJournal.Entry::startedAtMs).min()
                .ifPresent(t -> times.put("startedAt", Instant.ofEpochMilli(t).toString()));
        journal.stream().mapToLong(ScenarioRunJournal.Entry::endedAtMs).max()
                .ifPresent(t -> times.put("endedAt", Instant.ofEpochMilli(t).toString()));
        times.put("analyzedAt", analyzedAt.toString());
        return times;
    }

    /** Each point's figures over its repeats (every repeat's are in points.csv), by figure id. */
    private static List<Map<String, Object>> points(List<PointSummary> points, Figures figures,
                                                    java.util.Optional<? extends Engines> engines,
                                                    Map<String, org.esbbench.report.usage.WindowUsage> usage) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (PointSummary s : points) {
            Point p = s.point();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", p.scenario());
            m.put("model", p.isOpen() ? "open" : "closed");
            m.put("users", p.users());
            m.put("rate", p.rate());
            m.put("sizeBytes", p.sizeBytes());
            m.put("delayMs", p.delayMs());
            m.put("heap", p.heap());
            if (p.serverCores() > 0) {
                m.put("serverCores", p.serverCores());
            }
            m.put("repeats", s.repeatCount());
            Map<String, Object> values = new LinkedHashMap<>();
            for (Figure f : figures.all()) {
                Spread v = s.value(f);
                values.put(f.id(), v == null ? null : Double.valueOf(f.recorded(v.value())));
            }
            m.put("figures", values);
            engines.ifPresent(g -> {
                m.put("engineShares", g.shares(p));
                m.put("engines", g.engineCpu(s.repeats(), usage));
            });
            latencyTiming(s, m);
            m.put("flags", s.flags());
            list.add(m);
        }
        return list;
    }

    /**
     * How the point's response times were timed ({@code latencyTiming}: e.g. "latency timed in microseconds"), and
     * per repeat when its repeats differ ({@code latencyTimingPerRepeat}); nothing when not known.
     */
    private static void latencyTiming(PointSummary s, Map<String, Object> m) {
        s.latencyTiming().ifPresent(t -> m.put("latencyTiming", t.description()));
        if (s.repeats().stream().map(r -> r.latencyTiming().orElse(null)).distinct().count() > 1) {
            Map<String, Object> perRepeat = new LinkedHashMap<>();
            s.repeats().forEach(r -> perRepeat.put(String.valueOf(r.repeat()),
                    r.latencyTiming().map(LatencyTiming::description).orElse(null)));
            m.put("latencyTimingPerRepeat", perRepeat);
        }
    }

    /** Writes through a temporary file, so the results index never reads half of it. */
    private static void writeAtomically(RunLayout layout, Map<String, Object> json) throws IOException {
        Path file = layout.runJson();
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(tmp.toFile(), json);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
