package org.esbbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The payloads committed under data/ (what a plan opened right after a clone sends) are the generator's bytes. */
class CommittedPayloadsTest {

    private static final Path DATA = Path.of("..", "data").toAbsolutePath().normalize();

    @Test
    void everyCommittedPayloadIsWhatTheGeneratorWrites() throws Exception {
        int checked = 0;
        for (String format : new String[] {"soap", "json"}) {
            try (Stream<Path> files = Files.list(DATA.resolve(format))) {
                for (Path file : files.toList()) {
                    String name = file.getFileName().toString();
                    int size = Integer.parseInt(name.replaceAll("\\D", ""));
                    byte[] expected = format.equals("soap") ? Payloads.soap(size) : Payloads.json(size);
                    assertThat(Files.readAllBytes(file)).as(name).isEqualTo(expected);
                    checked++;
                }
            }
        }
        assertThat(checked).as("committed payloads").isGreaterThanOrEqualTo(10);
    }
}
