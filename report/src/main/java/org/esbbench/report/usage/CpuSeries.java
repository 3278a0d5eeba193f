package org.esbbench.report.usage;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One process's CPU time series from the sampler's {@code cpu.csv}, read back to find the CPU time spent between
 * two instants (a scenario's measurement window) by linear interpolation between the surrounding samples.
 */
public final class CpuSeries {
    private final long[] epochMs;
    private final long[] cpuMs;

    private CpuSeries(long[] epochMs, long[] cpuMs) {
        this.epochMs = epochMs;
        this.cpuMs = cpuMs;
    }

    public static CpuSeries read(Path csv, String process) throws IOException {
        List<long[]> points = new ArrayList<>();
        if (Files.exists(csv)) {
            try (Reader in = Files.newBufferedReader(csv)) {
                for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                    if (process.equals(r.get("process"))) {
                        points.add(new long[]{Long.parseLong(r.get("epochMs")), Long.parseLong(r.get("cpuMs"))});
                    }
                }
            }
        }
        return new CpuSeries(points.stream().mapToLong(p -> p[0]).toArray(), points.stream().mapToLong(p -> p[1]).toArray());
    }

    /** CPU milliseconds used in [from, to], or empty when the series does not cover both instants. */
    public OptionalDouble cpuMillisBetween(long fromEpochMs, long toEpochMs) {
        if (epochMs.length < 2 || fromEpochMs < epochMs[0] || toEpochMs > epochMs[epochMs.length - 1]) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(at(toEpochMs) - at(fromEpochMs));
    }

    private double at(long t) {
        int i = 1;
        while (i < epochMs.length - 1 && epochMs[i] < t) {
            i++;
        }
        long t0 = epochMs[i - 1];
        long t1 = epochMs[i];
        if (t1 == t0) {
            return cpuMs[i];
        }
        return cpuMs[i - 1] + (double) (cpuMs[i] - cpuMs[i - 1]) * (t - t0) / (t1 - t0);
    }
}
