package org.esbbench.report.index;

import org.esbbench.report.chart.ScalingCharts;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointSummary;
import org.esbbench.report.points.RepeatRow;
import org.esbbench.report.points.RowBuilder;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.esbbench.report.figures.StandardFigures.*;

/**
 * A run folder shaped like a smoke run of the reference target: eleven plans (long names, files under long paths),
 * both load models, two repeats, every figure a local run has, saturation flags, the charts the analysis draws
 * (through {@link ScalingCharts}) and run.json's parameters with both their derived and their own names.
 */
final class RealisticRunFixture {
    static final String RUN_ID = "20261125-180015-reference";
    static final List<String> PLANS = List.of("direct", "cbr-body", "cbr-soap-header", "cbr-transport-header", "xslt",
            "ws-security", "rest", "soap", "jms", "groovy-price-check", "direct-edited");

    private RealisticRunFixture() {
    }

    static Path build(Path results) throws IOException {
        Path dir = results.resolve(RUN_ID);
        RunFolderFixture run = new RunFolderFixture(dir, RUN_ID).startedAt("2026-11-25T18:01:02Z");
        parameters().forEach(run::parameter);
        List<RepeatRow> rows = new ArrayList<>();
        int i = 0;
        for (String plan : PLANS) {
            for (Point point : List.of(new Point(plan, 2, 1024, 0), Point.open(plan, 20, 1024, 0))) {
                for (int repeat = 1; repeat <= 2; repeat++) {
                    double spread = 1 + 0.07 * repeat + 0.01 * i++;
                    boolean open = point.isOpen();
                    RepeatRow row = RowBuilder.row(point, repeat).counts(open ? 80 : 7700, 0, 0)
                            .set(THROUGHPUT, (open ? 20.4 : 1927.875) * spread).set(MEAN, 0.9651 * spread)
                            .set(STDDEV, 1.046 * spread).set(MIN, 0.0).set(MAX, 14.0 + repeat)
                            .set(P50, 1.0).set(P90, 1.0 + repeat).set(P95, 2.0 + repeat).set(P99, 5.0 + repeat)
                            .set(P99_9, 9.0 + repeat).set(CPU_PER_MESSAGE, 450.22 * spread)
                            .set(SERVER_CPU, 41.79 * spread).set(GC_THROUGHPUT, 99.35).set(HEAP_AFTER_FULL_GC, 23.1)
                            .set(GENERATOR_CPU, 39.86).set(BACKEND_CPU, 4.85).set(BACKEND_CPU_PER_MESSAGE, 51.32)
                            .set(GENERATOR_CPU_PER_SAMPLE, 417.1).set(MACHINE_CPU, open ? 10.75 : 95.07)
                            .flags(open ? "" : "machine-saturated: machine CPU 95% busy (server 50%, load generator"
                                    + " 31%, echo backend 12%); generator-saturated: the load generator took 41% of"
                                    + " the machine, as much as the server")
                            .dashboard("dashboards/" + RunLayout.scenarioRunName(point, repeat) + "/index.html")
                            .build();
                    rows.add(row);
                    run.row(row);
                }
            }
        }
        run.write();
        RunFolder folder = RunFolder.read(dir);
        List<PointSummary> points = folder.points();
        ScalingCharts.write(points, dir.resolve(RunLayout.CHARTS));
        for (RepeatRow r : rows) {
            String name = RunLayout.scenarioRunName(r.point(), r.repeat());
            Path dashboard = dir.resolve("dashboards").resolve(name).resolve("index.html");
            Files.createDirectories(dashboard.getParent());
            Files.writeString(dashboard, "<!DOCTYPE html><html><body>dashboard</body></html>");
            ImageIO.write(new BufferedImage(800, 400, BufferedImage.TYPE_INT_RGB), "png",
                    dir.resolve(RunLayout.CHARTS).resolve(RunLayout.throughputChartName(name)).toFile());
        }
        Files.writeString(dir.resolve(RunLayout.SUMMARY_MD), "# Run " + RUN_ID + "\n");
        return results;
    }

    /** run.json's parameters as the run writes them: what the analysis derived, then every parameter as given. */
    private static Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        List<Map<String, Object>> plans = new ArrayList<>();
        for (String plan : PLANS) {
            plans.add(Map.of("id", plan, "file", "/home/benchmarks/esb-performance-suite/checkout/jmx/" + plan
                    + "-with-a-rather-long-file-name.jmx", "scenario", plan, "replyCheck", "checked"));
        }
        p.put("plans", plans);
        p.put("models", List.of("closed", "open"));
        p.put("rates", List.of(20));
        p.put("sizeBytes", List.of(1024));
        p.put("delayMs", List.of(0));
        p.put("repeats", 2);
        p.put("warmupSeconds", 3);
        p.put("measurementSeconds", 4);
        p.put("rampupSeconds", 3);
        p.put("connectTimeoutMs", 5000);
        p.put("responseTimeoutMs", 10000);
        p.put("heap", "512m");
        p.put("heaps", List.of("512m"));
        p.put("scenarios", String.join(",", PLANS.subList(0, 9)));
        p.put("model", "closed,open");
        p.put("rate", "20");
        p.put("size", "1024");
        p.put("delay", "0");
        p.put("warmup", "3");
        p.put("measurement", "4");
        p.put("rampup", "30");
        p.put("connectTimeout", "5000");
        p.put("responseTimeout", "10000");
        p.put("generatorMode", "StrippedBatch");
        p.put("keepResults", "compressed");
        return p;
    }
}
