package org.esbbench.smoke.round;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The round this module's build has just made: its folder (the build's current-round pointer) and round.json. */
record RoundFolder(Path dir, JsonNode json) {

    static RoundFolder current() throws IOException {
        Path pointer = Path.of(System.getProperty("esbbench.round.current", "target/esb-bench/current-round"));
        assertThat(pointer).as("this module's pointer to its round").exists();
        Path dir = Path.of(Files.readString(pointer).strip());
        assertThat(dir.resolve("round.json")).exists();
        return new RoundFolder(dir, new ObjectMapper().readTree(dir.resolve("round.json").toFile()));
    }

    /** The run folders of {@code target}'s target runs, in running order. */
    List<Path> runs(String target) {
        List<Path> runs = new ArrayList<>();
        for (JsonNode run : json.get("runs")) {
            if (run.get("target").asText().equals(target)) {
                runs.add(dir.resolveSibling(run.get("runId").asText()));
            }
        }
        return runs;
    }
}
