package org.esbbench.report.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The "Total" row of a JMeter dashboard's {@code statistics.json}: JMeter's own figures for every sample of the
 * dashboard's range. Response times in ms as JMeter gives them (doubles); the three percentiles are JMeter's
 * {@code aggregate_rpt_pct1..3}, 90, 95 and 99 unless the JMeter home's properties say otherwise.
 *
 * @param throughputPerSecond samples per second over the time from the first sample's start to the last one's end
 */
public record DashboardStatistics(
        long samples,
        long errors,
        double meanMillis,
        double medianMillis,
        double minMillis,
        double maxMillis,
        double pct1Millis,
        double pct2Millis,
        double pct3Millis,
        double throughputPerSecond) {

    /** Reads {@code statistics.json} from a dashboard folder. */
    public static DashboardStatistics read(Path dashboardDir) throws IOException {
        Path file = dashboardDir.resolve("statistics.json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(dashboardDir + " is not a JMeter dashboard: it has no statistics.json");
        }
        JsonNode total = new ObjectMapper().readTree(file.toFile()).get("Total");
        if (total == null || !total.isObject()) {
            throw new IOException(file + " has no \"Total\" entry");
        }
        return new DashboardStatistics(
            integer(total, "sampleCount", file),
            integer(total, "errorCount", file),
            number(total, "meanResTime", file),
            number(total, "medianResTime", file),
            number(total, "minResTime", file),
            number(total, "maxResTime", file),
            number(total, "pct1ResTime", file),
            number(total, "pct2ResTime", file),
            number(total, "pct3ResTime", file),
            number(total, "throughput", file));
    }

    private static long integer(JsonNode total, String field, Path file) throws IOException {
        JsonNode value = total.get(field);
        if (value == null || !value.canConvertToExactIntegral()) {
            throw new IOException(file + ": Total." + field + " is missing or not a whole number (" + value + ")");
        }
        return value.asLong();
    }

    private static double number(JsonNode total, String field, Path file) throws IOException {
        JsonNode value = total.get(field);
        if (value == null || !value.isNumber()) {
            throw new IOException(file + ": Total." + field + " is missing or not a number (" + value + ")");
        }
        return value.asDouble();
    }
}
