package org.esbbench.report.index;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointsCsv;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.points.RowBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.esbbench.report.figures.StandardFigures.*;

/** Writes a run folder as a run leaves it: points.csv (through PointsCsv) and a run.json shaped like the run's. */
public final class RunFolderFixture {
    private final Path folder;
    private final Map<String, Object> json = new LinkedHashMap<>();
    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final List<RepeatRow> rows = new ArrayList<>();
    private boolean writeRunJson = true;

    public RunFolderFixture(Path folder, String runId) {
        this.folder = folder;
        json.put("runId", runId);
        json.put("outcome", "passed");
        json.put("git", Map.of("commit", "0123456789abcdef", "localChanges", false));
        json.put("times", Map.of("startedAt", "2026-11-22T10:00:00Z"));
        parameters.put("scenarios", List.of("direct"));
        parameters.put("users", 10);
        parameters.put("target", "reference");
        json.put("parameters", parameters);
    }

    public RunFolderFixture startedAt(String isoInstant) {
        json.put("times", Map.of("startedAt", isoInstant));
        return this;
    }

    public RunFolderFixture set(String key, Object value) {
        json.put(key, value);
        return this;
    }

    public RunFolderFixture parameter(String key, Object value) {
        parameters.put(key, value);
        return this;
    }

    public RunFolderFixture withoutRunJson() {
        writeRunJson = false;
        return this;
    }

    /** One repeat per throughput value; p99 and mean follow from the given values, CPU 50 µs/msg. */
    public RunFolderFixture point(Point point, long p99Ms, double... throughputs) {
        for (double t : throughputs) {
            rows.add(row(point, rows.size() + 1, t, p99Ms, 50.0, ""));
        }
        return this;
    }

    public RunFolderFixture row(RepeatRow row) {
        rows.add(row);
        return this;
    }

    public static RepeatRow row(Point point, int repeat, double throughput, long p99Ms, Double cpuMicros,
                                String dashboard) {
        return RowBuilder.row(point, repeat).counts(Math.round(throughput * 10), 0, 0).set(THROUGHPUT, throughput)
                .set(MEAN, p99Ms / 2.0).set(STDDEV, 1.0).set(MIN, 1.0).set(MAX, p99Ms + 5.0).set(P50, (double) (p99Ms / 2))
                .set(P90, p99Ms - 2.0).set(P95, p99Ms - 1.0).set(P99, (double) p99Ms).set(P99_9, p99Ms + 1.0)
                .set(CPU_PER_MESSAGE, cpuMicros).set(SERVER_CPU, 40.0).set(GC_THROUGHPUT, 99.5)
                .set(HEAP_AFTER_FULL_GC, 120.0).set(GENERATOR_CPU, 30.0).set(BACKEND_CPU, 10.0).set(MACHINE_CPU, 85.0)
                .dashboard(dashboard).build();
    }

    public Path write() throws IOException {
        Files.createDirectories(folder);
        PointsCsv.write(rows, folder.resolve(PointsCsv.FILE_NAME));
        if (writeRunJson) {
            new ObjectMapper().writeValue(folder.resolve(RunFolder.RUN_JSON).toFile(), json);
        }
        return folder;
    }
}
