package org.esbbench.maven;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.Spread;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * {@code run.json}: everything needed to reproduce a run and compare it with another: the commit, versions,
 * the machine, every parameter, the processes started with their command lines (JVM flags included), the
 * times, each scenario's headline figures and what failed.
 */
final class RunRecord {
    private RunRecord() {
    }

    record Versions(String suite, String jmeter, String server) {
    }

    static void write(Path file, Path root, Properties run, RunPlan plan, TargetProfile profile, Versions versions,
                      List<PointSummary> rows, List<String> failures) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("runId", run.getProperty("runId"));
        json.put("outcome", failures.isEmpty() ? "passed" : "failed");
        json.put("git", git(root));
        Map<String, Object> versionMap = new LinkedHashMap<>();
        versionMap.put("esbBench", versions.suite());
        versionMap.put("jmeter", versions.jmeter());
        versionMap.put("server", versions.server());
        // The JVM of this build, which also runs the started servers and JMeter (same java.home).
        versionMap.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        json.put("versions", versionMap);
        json.put("machine", machine());
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("plans", plan.plans().stream().map(p -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", p.id());
            m.put("file", p.file().toString());
            p.scenario().ifPresent(sc -> m.put("scenario", sc.id()));
            m.put("replyCheck", Arrays.asList(run.getProperty("uncheckedPlans", "").split(",")).contains(p.id())
                    ? "none (the plan opts out)" : "checked");
            return m;
        }).toList());
        parameters.put("models", plan.models().stream().map(RunPlan.LoadModel::id).toList());
        parameters.put("users", plan.users());
        parameters.put("rates", plan.rates());
        parameters.put("sizeBytes", plan.sizes());
        parameters.put("delayMs", plan.delays());
        parameters.put("repeats", plan.repeats());
        parameters.put("warmupSeconds", plan.warmupSeconds());
        parameters.put("measurementSeconds", plan.measurementSeconds());
        parameters.put("heap", plan.heap());
        RunPlan.PlanSettings settings = plan.settings();
        parameters.put("rampupSeconds", settings.rampupSeconds());
        parameters.put("reuse", settings.reuse());
        parameters.put("connectTimeoutMs", settings.connectTimeoutMs());
        parameters.put("responseTimeoutMs", settings.responseTimeoutMs());
        parameters.put("wsSuite", settings.wsSuite());
        parameters.put("wsMode", settings.wsMode());
        parameters.put("wsPool", settings.wsPool());
        parameters.put("tailSeconds", RunPlan.TAIL_SECONDS);
        parameters.put("target", profile.name());
        parameters.put("targetProfile", new LinkedHashMap<>(new java.util.TreeMap<>(profile.properties())));
        json.put("parameters", parameters);
        json.put("processes", processes(run));
        Map<String, Object> times = new LinkedHashMap<>();
        for (String key : List.of("checkedAt", "startedAt", "stoppedAt")) {
            String value = run.getProperty(key);
            if (value != null) {
                times.put(key, Instant.ofEpochMilli(Long.parseLong(value)).toString());
            }
        }
        times.put("analyzedAt", Instant.now().toString());
        json.put("times", times);
        json.put("points", points(rows));
        json.put("failures", failures);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
    }

    /** Each point's medians over its repeats (all figures per repeat are in points.csv). */
    private static List<Map<String, Object>> points(List<PointSummary> rows) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (PointSummary s : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", s.point().scenario());
            m.put("model", s.point().isOpen() ? "open" : "closed");
            m.put("users", s.point().users());
            m.put("rate", s.point().rate());
            m.put("sizeBytes", s.point().sizeBytes());
            m.put("delayMs", s.point().delayMs());
            m.put("repeats", s.repeatCount());
            m.put("samples", s.samples());
            m.put("errors", s.errors());
            m.put("incorrect", s.incorrect());
            m.put("throughputPerSecond", median(s.throughputPerSecond()));
            m.put("meanMs", median(s.meanMs()));
            m.put("p50Ms", median(s.p50Ms()));
            m.put("p99Ms", median(s.p99Ms()));
            m.put("cpuMicrosPerMessage", median(s.cpuMicrosPerMessage()));
            m.put("gcThroughputPercent", median(s.gcThroughputPercent()));
            m.put("heapAfterFullGcMb", median(s.heapAfterFullGcMb()));
            m.put("flags", s.flags());
            list.add(m);
        }
        return list;
    }

    private static Double median(Spread s) {
        return s == null ? null : s.median();
    }

    private static Map<String, Object> processes(Properties run) {
        Map<String, Object> processes = new LinkedHashMap<>();
        for (String key : run.stringPropertyNames()) {
            if (key.startsWith("process.") && key.endsWith(".pid")) {
                String name = key.substring("process.".length(), key.length() - ".pid".length());
                processes.put(name, Map.of("pid", Long.parseLong(run.getProperty(key)),
                        "command", run.getProperty("process." + name + ".command", "")));
            }
        }
        return processes;
    }

    private static Map<String, Object> machine() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            machine.put("memoryBytes", os.getTotalMemorySize());
        }
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("arch", System.getProperty("os.arch"));
        return machine;
    }

    /** The checkout's commit and whether it had local changes; "unknown" outside a git checkout. */
    private static Map<String, Object> git(Path root) {
        Map<String, Object> git = new LinkedHashMap<>();
        git.put("commit", command(root, "git", "rev-parse", "HEAD").orElse("unknown"));
        command(root, "git", "status", "--porcelain", "--untracked-files=no")
                .ifPresent(status -> git.put("localChanges", !status.isBlank()));
        return git;
    }

    private static java.util.Optional<String> command(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return java.util.Optional.of(out);
            }
            p.destroyForcibly();
        } catch (IOException e) {
            // no git here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return java.util.Optional.empty();
    }
}
