package org.esbbench.report.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.esbbench.report.folder.EnginesFile;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunJson;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.usage.EngineUsage;
import org.esbbench.report.usage.WindowUsage;

/**
 * What a run whose load came from JMeter engines ({@code generators.json}) adds to its reports: run.json's
 * {@code generators} section (the engines, the client, the split rule, each engine's processes), each point's
 * {@code engineShares} and per-engine CPU, and the summary's sentences on the engines and the split.
 */
final class EnginesReport implements RunJson.Engines {
    private final EnginesFile generators;

    EnginesReport(EnginesFile generators) {
        this.generators = generators;
    }

    /**
     * run.json's {@code generators}: the file's facts, with each engine's entries of processes.csv (a list: an
     * engine restarted during the run has one entry per start; remote engines have none).
     */
    @Override
    public Map<String, Object> section(List<ProcessesFile.Entry> processes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", generators.kind());
        m.put("mode", generators.mode());
        m.put("rmiSsl", generators.ssl());
        Map<String, Object> client = new LinkedHashMap<>();
        client.put("rmiHostname", generators.clientAddress());
        client.put("rmiLocalPort", generators.clientPort());
        m.put("client", client);
        m.put("splitRule", generators.splitRule());
        List<Map<String, Object>> engines = new ArrayList<>();
        for (EnginesFile.Engine e : generators.engines()) {
            Map<String, Object> em = new LinkedHashMap<>();
            em.put("id", e.id());
            em.put("address", e.address());
            em.put("local", e.local());
            em.put("host", e.host());
            em.put("registryPort", e.registryPort());
            em.put("objectPort", e.objectPort());
            em.put("pid", e.pid());
            em.put("cores", e.cores());
            em.put("jmeter", e.jmeter());
            em.put("java", e.java());
            em.put("replyQueue", e.replyQueue());
            em.put("clockBoundMs", e.clockBoundMs());
            em.put("perfmonPort", e.perfmonPort());
            em.put("processes", processes.stream().filter(p -> p.name().equals(e.id())).map(RunJson::process).toList());
            engines.add(em);
        }
        m.put("engines", engines);
        return m;
    }

    /** A point's share of its load per engine: {@code {"engine-1": 2, "engine-2": 1}}. */
    @Override
    public Map<String, Integer> shares(Point point) {
        List<Integer> shares = generators.shares(point.load());
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < shares.size(); i++) {
            m.put(generators.engines().get(i).id(), shares.get(i));
        }
        return m;
    }

    /**
     * A point's CPU per engine, {@code {"engine-1": {"cpuPct": .., "hostCpuPct": ..}}}: the median over its repeats
     * of each value (null when unknown in every repeat).
     */
    @Override
    public Map<String, Object> engineCpu(List<RepeatRow> repeats, Map<String, WindowUsage> usageByScenarioRun) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < generators.engines().size(); i++) {
            int index = i;
            List<EngineUsage> perRepeat = repeats.stream()
                    .map(r -> usageByScenarioRun.get(RunLayout.scenarioRunName(r.point(), r.repeat())))
                    .filter(Objects::nonNull).filter(u -> u.engines().size() > index).map(u -> u.engines().get(index))
                    .toList();
            Map<String, Object> em = new LinkedHashMap<>();
            em.put("cpuPct", median(perRepeat.stream().map(EngineUsage::cpuPercent).toList()));
            em.put("hostCpuPct", median(perRepeat.stream().map(EngineUsage::hostCpuPercent).toList()));
            m.put(generators.engines().get(i).id(), em);
        }
        return m;
    }

    /**
     * The summary's paragraph: where the engines ran, how the client talked to them, and how each load value of the
     * run was split, in words.
     */
    String describe(List<Point> points) {
        int n = generators.engines().size();
        StringBuilder text = new StringBuilder("Load from ").append(n).append(n == 1 ? " JMeter engine" : " JMeter engines");
        text.append(generators.kind().equals("local") ? " on this machine, started by the suite"
                : " on other hosts, started there");
        text.append(" (").append(generators.engines().stream().map(e -> e.id() + " " + e.address())
                .collect(Collectors.joining(", "))).append("), driven by one client on this machine that writes every");
        text.append(" sample (sample sender ").append(generators.mode()).append(", RMI ")
                .append(generators.ssl() ? "over SSL" : "without SSL").append("). Users and arrival rates are totals"
                        + " over the engines, split as: ").append(generators.splitRule()).append(".");
        List<String> splits = new ArrayList<>();
        TreeSet<Integer> users = new TreeSet<>(points.stream().filter(p -> !p.isOpen()).map(Point::users).toList());
        TreeSet<Integer> rates = new TreeSet<>(points.stream().filter(Point::isOpen).map(Point::rate).toList());
        users.forEach(u -> splits.add(u + (u == 1 ? " user" : " users") + " → " + joined(generators.shares(u))));
        rates.forEach(r -> splits.add(r + "/s → " + joined(generators.shares(r)) + " /s"));
        if (!splits.isEmpty()) {
            text.append(" Here: ").append(String.join("; ", splits)).append(" (in engine order).");
        }
        if (generators.shares(users.isEmpty() ? 0 : users.first()).contains(0)
                || (!rates.isEmpty() && generators.shares(rates.first()).contains(0))) {
            text.append(" An engine with a share of 0 ran no load at that point.");
        }
        return text.toString();
    }

    private static String joined(List<Integer> shares) {
        return shares.stream().map(String::valueOf).collect(Collectors.joining(" + "));
    }

    private static Double median(List<Double> values) {
        List<Double> known = values.stream().filter(Objects::nonNull).sorted().toList();
        if (known.isEmpty()) {
            return null;
        }
        int mid = known.size() / 2;
        double m = known.size() % 2 == 1 ? known.get(mid) : (known.get(mid - 1) + known.get(mid)) / 2;
        return Math.round(m * 100) / 100.0;
    }
}
