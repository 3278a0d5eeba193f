package org.esbbench.maven.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.folder.ProcessesFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race behind a smoke run's extra JMeter row in {@code affinity.csv}: a JVM of the run whose children come and
 * go (JMeter's two look-ups of ffmpeg and exiftool at each start) is read many times while they do. A child caught
 * between spawn and exec ({@code java}, then {@code jspawnhelper}) is not recorded; a child that lives on is
 * recorded under its own name, once; the process itself once.
 */
class AffinityRecordIT {

    @Test
    void childrenCaughtBetweenSpawnAndExecAreNotRecordedAndTheOthersAreOnce(@TempDir Path dir) throws Exception {
        Path classes = Path.of(SpawningJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-cp", classes.toString(), SpawningJvm.class.getName(), "30")
                .redirectErrorStream(true).redirectOutput(dir.resolve("spawner.log").toFile()).start();
        try {
            List<ProcessesFile.Entry> running = List.of(new ProcessesFile.Entry("spawner", jvm.pid(),
                    System.currentTimeMillis(), OptionalLong.empty(), "spawner.log", "java"));
            Path csv = dir.resolve("affinity.csv");
            int helpersSeen = 0;
            int scans = 0;
            // The record reads a process once it has run a second: the spawner and its sleep are older then.
            Thread.sleep(AffinityRecord.SETTLED.toMillis() + 1_500);
            try (AffinityRecord record = new AffinityRecord(csv)) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while ((helpersSeen < 3 || scans < 400) && System.nanoTime() < deadline) {
                    helpersSeen += (int) jvm.descendants().filter(AffinityRecordIT::isSpawnHelper).count();
                    record.record(running);
                    scans++;
                }
            }
            System.out.println("AffinityRecordIT: " + scans + " ticks, spawn helpers seen among the children " + helpersSeen + " times");
            assertThat(helpersSeen).as("the test met children between spawn and exec").isPositive();
            List<String> names = rows(csv).stream().map(r -> r.get("process")).toList();
            assertThat(names).as("the spawner, once, and its one child that lived").containsExactlyInAnyOrder("build",
                    "spawner", "spawner/sleep");
        } finally {
            jvm.descendants().forEach(ProcessHandle::destroyForcibly);
            jvm.destroyForcibly();
            jvm.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static boolean isSpawnHelper(ProcessHandle p) {
        return p.info().command().map(c -> c.endsWith("/jspawnhelper")).orElse(false);
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
