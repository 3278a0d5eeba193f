package org.esbbench.report.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.esbbench.report.points.Point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code run-parameters.json} (called {@code run-parameters.json} before; {@link RunLayout#runParametersFile()} finds
 * either): the run as {@code check} validated it, written once before anything starts. Every later
 * goal reads it instead of the build's properties, and the analysis reads it to know which scenario runs there
 * are, so an old run folder can be analysed again on its own.
 *
 * @param runId              the run folder's name
 * @param target             the target profile's name
 * @param checkedAt          when check wrote the plan
 * @param parameters         the run's parameters as validated (property name to value, as typed or defaulted);
 *                           the run goals rebuild their plan from these
 * @param plans              the plans the run runs
 * @param points             every point, in run order
 * @param repeats            how many times each point runs
 * @param warmupSeconds      warm-up window of each scenario run
 * @param measurementSeconds measurement window of each scenario run
 * @param description        one line that says what the run measures (for the summary's heading)
 * @param record             facts for run.json that the analysis does not interpret: versions, git, machine,
 *                           the target profile, the plans' settings
 */
public record RunParametersFile(String runId, String target, Instant checkedAt, Map<String, String> parameters,
                          List<PlanEntry> plans, List<Point> points, int repeats, long warmupSeconds,
                          long measurementSeconds, String description, Map<String, Object> record) {

    /**
     * One plan of the run.
     *
     * @param id           the id its points carry (a scenario id, or the plan file's name)
     * @param file         the .jmx file
     * @param scenario     the scenario it serves, empty for a plan of one's own
     * @param repliesChecked false when the plan opts out of reply checks ({@code replyCheck=none})
     */
    public record PlanEntry(String id, String file, String scenario, boolean repliesChecked) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public RunParametersFile {
        parameters = new LinkedHashMap<>(parameters);
        plans = List.copyOf(plans);
        points = List.copyOf(points);
        record = record == null ? Map.of() : new LinkedHashMap<>(record);
    }

    /** The ids of the plans whose replies are not checked. */
    public List<String> uncheckedPlans() {
        return plans.stream().filter(p -> !p.repliesChecked()).map(PlanEntry::id).toList();
    }

    /** Every scenario run, in the order the run goal runs them: repeats go round the whole list of points. */
    public List<ScenarioRun> scenarioRuns() {
        List<ScenarioRun> runs = new ArrayList<>();
        for (int repeat = 1; repeat <= repeats; repeat++) {
            for (Point p : points) {
                runs.add(new ScenarioRun(p, repeat));
            }
        }
        return runs;
    }

    /** One point measured once. */
    public record ScenarioRun(Point point, int repeat) {
        /** The name of its files, as {@link RunLayout#scenarioRunName} gives it. */
        public String name() {
            return RunLayout.scenarioRunName(point, repeat);
        }
    }

    /** Writes the file (to a temporary file first, so a reader never sees half of it). */
    public void write(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("runId", runId);
        root.put("target", target);
        root.put("checkedAt", checkedAt.toString());
        root.set("parameters", JSON.valueToTree(parameters));
        ArrayNode planArray = root.putArray("plans");
        for (PlanEntry p : plans) {
            ObjectNode n = planArray.addObject();
            n.put("id", p.id());
            n.put("file", p.file());
            n.put("scenario", p.scenario());
            n.put("repliesChecked", p.repliesChecked());
        }
        ArrayNode pointArray = root.putArray("points");
        for (Point p : points) {
            ObjectNode n = pointArray.addObject();
            n.put("scenario", p.scenario());
            n.put("users", p.users());
            n.put("rate", p.rate());
            n.put("sizeBytes", p.sizeBytes());
            n.put("delayMs", p.delayMs());
            n.put("heap", p.heap());
            if (p.serverCores() > 0) {
                n.put("serverCores", p.serverCores());
            }
        }
        root.put("repeats", repeats);
        root.put("warmupSeconds", warmupSeconds);
        root.put("measurementSeconds", measurementSeconds);
        root.put("description", description);
        root.set("record", JSON.valueToTree(record));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Reads a run parameters file.
     *
     * @throws IOException naming the file and what is missing when it is absent or not a run parameters file
     */
    public static RunParametersFile read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no run parameters file (esb-bench:check writes it when a run begins)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not valid JSON: " + e.getMessage(), e);
        }
        try {
            Map<String, String> parameters = new LinkedHashMap<>();
            root.path("parameters").properties().forEach(e -> parameters.put(e.getKey(), e.getValue().asText()));
            List<PlanEntry> plans = new ArrayList<>();
            for (JsonNode n : root.path("plans")) {
                plans.add(new PlanEntry(required(n, "id").asText(), n.path("file").asText(""),
                        n.path("scenario").asText(""), n.path("repliesChecked").asBoolean(true)));
            }
            List<Point> points = new ArrayList<>();
            for (JsonNode n : required(root, "points")) {
                points.add(new Point(required(n, "scenario").asText(), n.path("users").asInt(0), n.path("rate").asInt(0),
                        required(n, "sizeBytes").asInt(), n.path("delayMs").asLong(0), n.path("heap").asText(""),
                        n.path("serverCores").asInt(0)));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> record = root.has("record") ? JSON.convertValue(root.get("record"), LinkedHashMap.class)
                    : Map.of();
            return new RunParametersFile(required(root, "runId").asText(), root.path("target").asText(""),
                    Instant.parse(required(root, "checkedAt").asText()), parameters, plans, points,
                    required(root, "repeats").asInt(), required(root, "warmupSeconds").asLong(),
                    required(root, "measurementSeconds").asLong(), root.path("description").asText(""), record);
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw new IOException(file + ": not a run parameters file: " + e.getMessage(), e);
        }
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("no \"" + field + "\"");
        }
        return value;
    }
}
