package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.esbbench.maven.management.GarbageMakerJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build that ignores SIGINT (started under nohup, or with {@code &} in a script) still stops a profile's server
 * with {@code server.stop=INT}: the server's command starts with INT back at its default. Real processes: a JVM
 * started with INT ignored does not stop on INT at all, and the same build's server does.
 */
class IgnoredStopSignalsTest {
    @TempDir
    Path dir;

    @Test
    void readsTheStopSignalsOutOfTheKernelsMask() {
        // nohup's HUP with a background job's INT and QUIT, as /proc prints them
        assertThat(IgnoredStopSignals.ofMask("0000000000000007").names()).containsExactly("INT", "QUIT");
        assertThat(IgnoredStopSignals.ofMask("0000000000004002").names()).containsExactly("INT", "TERM");
        assertThat(IgnoredStopSignals.ofMask("0000000000000001").names()).isEmpty();
        assertThat(IgnoredStopSignals.ofMask("0000000000000000").resetPrefix()).isEmpty();
    }

    @Test
    void aServerStartedByABuildThatIgnoresIntStillStopsOnIt() throws Exception {
        assumeTrue(ProcessGroup.setsid().isPresent(), "setsid and /proc (Linux)");
        assumeTrue(!IgnoredStopSignals.ofMask("2").resetPrefix().isEmpty(), "env --default-signal (coreutils 8.31+)");
        String java = JvmCommand.java();
        String cp = System.getProperty("java.class.path");

        // The premise: a JVM that starts with INT ignored leaves it so, and INT does not stop it.
        Path bare = dir.resolve("bare.log");
        Process ignoring = new ProcessBuilder("sh", "-c", "trap '' INT; exec \"$0\" -cp \"$1\" " + TinyServer.class.getName()
                + " " + GarbageMakerJvm.freePort(), java, cp).redirectErrorStream(true).redirectOutput(bare.toFile()).start();
        try {
            awaitUp(bare, ignoring);
            assertThat(KillCommand.send("INT", Long.toString(ignoring.pid()))).isTrue();
            assertThat(ignoring.waitFor(3, TimeUnit.SECONDS)).as("a JVM started with INT ignored, sent INT").isFalse();
        } finally {
            ignoring.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        // The build itself runs with INT ignored; the server it starts stops on INT, its shutdown hooks run.
        Path work = Files.createDirectories(dir.resolve("build"));
        Process build = new ProcessBuilder("sh", "-c", "trap '' INT; exec \"$0\" -cp \"$1\" "
                + StopUnderIgnoredInt.class.getName() + " " + GarbageMakerJvm.freePort() + " \"$2\"", java, cp,
                work.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("build.log").toFile()).start();
        assertThat(build.waitFor(60, TimeUnit.SECONDS)).as("the build ended").isTrue();
        String out = Files.readString(dir.resolve("build.log"));
        assertThat(build.exitValue()).as(out).isZero();
        assertThat(out).contains("build ignores: [INT", "clean stop: true");
        assertThat(Files.readString(work.resolve("server.log"))).contains("tiny server: up", "tiny server: shutting down");
    }

    private static void awaitUp(Path log, Process p) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(log) && Files.readString(log).contains("tiny server: up"))) {
            assertThat(p.isAlive()).as("the server runs: " + (Files.exists(log) ? Files.readString(log) : "")).isTrue();
            assertThat(System.nanoTime()).as("the server came up").isLessThan(end);
            Thread.sleep(50);
        }
    }
}
