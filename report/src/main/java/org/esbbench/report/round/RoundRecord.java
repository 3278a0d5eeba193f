package org.esbbench.report.round;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code round.json}: a round's plan and how far it got. Written by the build when the round is checked (every target
 * run pending, in the order they run: iteration by iteration, the targets' order rotated from one iteration to the
 * next) and again as each target run starts and ends, so that a stopped round resumes at its first unfinished target
 * run and its report finds every run folder. Each target run is an ordinary run folder, {@code results/<runId>/}.
 *
 * @param id         the round's id: its folder is {@code results/round-<id>/}
 * @param created    when the round was checked (ISO-8601)
 * @param targets    the targets as given, in the first iteration's order
 * @param iterations how many times each target runs
 * @param scenarios  the scenarios asked for, in the catalogue's order
 * @param parameters the run parameters every target run shares (as given, without target and scenarios)
 * @param served     per target, the scenarios of {@code scenarios} its profile serves (catalogue order)
 * @param notServed  per target, the scenarios of {@code scenarios} its profile does not serve
 * @param runs       every target run, in the order they run
 */
public record RoundRecord(String id, String created, List<String> targets, int iterations, List<String> scenarios,
                          Map<String, String> parameters, Map<String, List<String>> served,
                          Map<String, List<String>> notServed, List<TargetRun> runs) {

    public static final String FILE = "round.json";
    /** The prefix of a round's folder under results/ (and of the id {@code -Dresume} takes for a round). */
    public static final String PREFIX = "round-";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Where a target run stands. */
    public enum State { PENDING, RUNNING, DONE, FAILED }

    /**
     * One target's run in one iteration.
     *
     * @param iteration 1-based
     * @param position  1-based place of this target in its iteration's order
     * @param target    the target profile's name
     * @param scenarios the scenarios it measures, in the order it measures them (rotated per iteration)
     * @param runId     its run folder under results/, null until it has one
     * @param state     where it stands
     * @param failure   why it failed, null otherwise
     */
    public record TargetRun(int iteration, int position, String target, List<String> scenarios, String runId,
                            State state, String failure) {
        public TargetRun {
            scenarios = List.copyOf(scenarios);
        }

        public TargetRun started(String runId) {
            return new TargetRun(iteration, position, target, scenarios, runId, State.RUNNING, null);
        }

        public TargetRun ended(State state, String failure) {
            return new TargetRun(iteration, position, target, scenarios, runId, state, failure);
        }

        public boolean finished() {
            return state == State.DONE || state == State.FAILED;
        }

        /** A name for logs: {@code iteration 2, synapse}. */
        public String label() {
            return "iteration " + iteration + ", " + target;
        }
    }

    public RoundRecord {
        targets = List.copyOf(targets);
        scenarios = List.copyOf(scenarios);
        parameters = Map.copyOf(parameters);
        served = Map.copyOf(served);
        notServed = Map.copyOf(notServed);
        runs = List.copyOf(runs);
    }

    /** The round's folder under {@code results}. */
    public static Path dir(Path results, String id) {
        return results.resolve(PREFIX + id);
    }

    /** The first target run not yet finished, in running order. */
    public Optional<Integer> firstUnfinished() {
        for (int i = 0; i < runs.size(); i++) {
            if (!runs.get(i).finished()) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** This record with target run {@code index} replaced. */
    public RoundRecord with(int index, TargetRun run) {
        List<TargetRun> copy = new ArrayList<>(runs);
        copy.set(index, run);
        return new RoundRecord(id, created, targets, iterations, scenarios, parameters, served, notServed, copy);
    }

    public static RoundRecord read(Path roundDir) throws IOException {
        Path file = roundDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IOException("no " + FILE + " in " + roundDir + ": not a round folder");
        }
        return JSON.readValue(file.toFile(), RoundRecord.class);
    }

    /** Writes round.json in {@code roundDir} (made if missing), replacing the old one in one step. */
    public void write(Path roundDir) throws IOException {
        Files.createDirectories(roundDir);
        Path tmp = roundDir.resolve(FILE + ".tmp");
        JSON.writeValue(tmp.toFile(), this);
        Files.move(tmp, roundDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
