package org.esbbench.report.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real recordings of {@link ProfiledWork} for the tests: one by async-profiler (its library from its Maven jar, an
 * agent from the JVM's start, as the suite gives a server it starts) and one by the JVM's own Flight Recorder.
 */
final class Recordings {
    private Recordings() {
    }

    /** The epoch ms bounds of a recorded run of {@link ProfiledWork}. */
    record Recorded(Path file, long startedMs, long endedMs) {
    }

    static Path library(Path dir) throws IOException {
        String arch = System.getProperty("os.arch").contains("aarch64") ? "linux-arm64" : "linux-x64";
        Path lib = dir.resolve("libasyncProfiler.so");
        try (InputStream in = Recordings.class.getResourceAsStream("/" + arch + "/libasyncProfiler.so")) {
            assertThat(in).as("async-profiler's library for " + arch + " on the test class path").isNotNull();
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
        }
        return lib;
    }

    static Recorded asyncProfiler(Path dir, long millis) throws IOException, InterruptedException {
        Path jfr = dir.resolve("async.jfr");
        return run(jfr, millis, List.of("-agentpath:" + library(dir) + "=start,event=cpu,interval=1ms,jfr,file=" + jfr));
    }

    static Recorded flightRecorder(Path dir, long millis) throws IOException, InterruptedException {
        Path jfr = dir.resolve("jdk.jfr");
        return run(jfr, millis, List.of("-XX:StartFlightRecording=settings=profile,filename=" + jfr));
    }

    private static Recorded run(Path jfr, long millis, List<String> flags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(flags);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProfiledWork.class.getName(),
                Long.toString(millis)));
        long started = System.currentTimeMillis();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(jfr.resolveSibling(jfr.getFileName() + ".out").toFile()).start();
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the profiled JVM ended").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).as(Files.readString(jfr.resolveSibling(jfr.getFileName() + ".out"))).isZero();
        assertThat(jfr).isRegularFile();
        return new Recorded(jfr, started, System.currentTimeMillis());
    }
}
