package org.esbbench.report.usage;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.esbbench.report.folder.RunLayout;

/**
 * The host's CPU and memory as the PerfMon ServerAgent reported them, read back from the files the plans' PerfMon
 * Metrics Collector writes ({@code logs/perfmon-NAME.csv}, one per scenario run). The collector writes a JTL-like
 * CSV, one row per metric and second: the reading is in {@code elapsed} scaled by 1000 (98000 = 98 %), the
 * {@code label} names the agent's host and the metric ({@code 127.0.0.1 CPU}, {@code 127.0.0.1 Memory}). The plans
 * ask for the agent's defaults: CPU is "combined", percent of the whole machine (all cores); Memory is "usedperc",
 * percent of its RAM in use. Other metrics a plan may add, and the collector's error rows ({@code success} false),
 * are ignored.
 */
public final class HostSeries {
    /** The collector's label suffixes of the two metrics the plans ask for. */
    static final String CPU_LABEL = " CPU";
    static final String MEMORY_LABEL = " Memory";
    /** The collector's scale: the value is stored as a response time in ms, times 1000. */
    static final double SCALE = 1000.0;

    /** One reading: when (epoch ms) and its value (percent). */
    public record Reading(long epochMs, double percent) {
    }

    private final String host;
    private final List<Reading> cpu;
    private final List<Reading> memory;

    HostSeries(String host, List<Reading> cpu, List<Reading> memory) {
        this.host = host;
        this.cpu = sorted(cpu);
        this.memory = sorted(memory);
    }

    /** A run's readings: every {@code perfmon-*.csv} in its logs folder, merged in time order. */
    public static HostSeries readAll(Path logsDir) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(logsDir)) {
            try (Stream<Path> list = Files.list(logsDir)) {
                list.filter(RunLayout::isPerfmon).sorted().forEach(files::add);
            }
        }
        return read(files);
    }

    /** The readings of the given collector files (missing files count as empty). */
    public static HostSeries read(List<Path> files) throws IOException {
        String host = "";
        List<Reading> cpu = new ArrayList<>();
        List<Reading> memory = new ArrayList<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try (Reader in = Files.newBufferedReader(file)) {
                for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                    if (!r.isConsistent() && r.size() < 3) {
                        continue; // a line cut short when JMeter was stopped
                    }
                    // The collector's error rows (agent unreachable, a metric it could not read) carry -1 as their
                    // value: never a reading, or a host column would average them in.
                    if (r.isMapped("success") && r.isSet("success") && "false".equals(r.get("success").trim())) {
                        continue;
                    }
                    String label = r.get("label");
                    Reading reading;
                    try {
                        reading = new Reading(Long.parseLong(r.get("timeStamp").trim()),
                                Long.parseLong(r.get("elapsed").trim()) / SCALE);
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    if (label.endsWith(CPU_LABEL)) {
                        cpu.add(reading);
                        host = label.substring(0, label.length() - CPU_LABEL.length());
                    } else if (label.endsWith(MEMORY_LABEL)) {
                        memory.add(reading);
                        host = label.substring(0, label.length() - MEMORY_LABEL.length());
                    }
                }
            }
        }
        return new HostSeries(host, cpu, memory);
    }

    /** The agent's host as the plans named it; empty without readings. */
    public String host() {
        return host;
    }

    public boolean isEmpty() {
        return cpu.isEmpty() && memory.isEmpty();
    }

    /** Mean host CPU (percent of all its cores) over the readings taken in [from, to]; empty without any. */
    public OptionalDouble meanCpuPercent(long fromEpochMs, long toEpochMs) {
        return mean(cpu, fromEpochMs, toEpochMs);
    }

    /** Mean share of the host's memory in use (percent) over the readings taken in [from, to]; empty without any. */
    public OptionalDouble meanMemoryPercent(long fromEpochMs, long toEpochMs) {
        return mean(memory, fromEpochMs, toEpochMs);
    }

    /** The CPU readings taken in [from, to], for a chart. */
    public List<Reading> cpu(long fromEpochMs, long toEpochMs) {
        return between(cpu, fromEpochMs, toEpochMs);
    }

    /** The memory readings taken in [from, to], for a chart. */
    public List<Reading> memory(long fromEpochMs, long toEpochMs) {
        return between(memory, fromEpochMs, toEpochMs);
    }

    /**
     * Each CPU reading is the agent's utilisation since its previous one (about a second), so the readings taken
     * after the window's start up to its end are the ones that describe it; one taken exactly at the start
     * describes the second before.
     */
    private static OptionalDouble mean(List<Reading> readings, long from, long to) {
        return readings.stream().filter(r -> r.epochMs() > from && r.epochMs() <= to)
                .mapToDouble(Reading::percent).average();
    }

    private static List<Reading> between(List<Reading> readings, long from, long to) {
        return readings.stream().filter(r -> r.epochMs() >= from && r.epochMs() <= to).toList();
    }

    private static List<Reading> sorted(List<Reading> readings) {
        return readings.stream().sorted(Comparator.comparingLong(Reading::epochMs)).toList();
    }
}
