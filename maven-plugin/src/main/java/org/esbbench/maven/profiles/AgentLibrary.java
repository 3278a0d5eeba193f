package org.esbbench.maven.profiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.esbbench.maven.processes.JvmCommand;

/**
 * async-profiler's native library, as its Maven jar carries it ({@code linux-x64/}, {@code linux-arm64/},
 * {@code macos/libasyncProfiler.so}): the one for this machine written into the run folder (never the temporary
 * folder; removed when the run's servers have stopped), and whether a JVM loads it here: a JVM started with it as an
 * agent ({@code -agentpath}) that cannot load it does not start, so a throwaway {@code java -agentpath:LIB -version}
 * tries first.
 */
public final class AgentLibrary {
    static final String FILE = "libasyncProfiler.so";
    private static final long PROBE_SECONDS = 30;

    private AgentLibrary() {
    }

    /** The jar's folder for this machine, or empty with why not (another OS or processor). */
    static Optional<String> platformFolder(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac")) {
            return Optional.of("macos");
        }
        if (os.startsWith("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return Optional.of("linux-x64");
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return Optional.of("linux-arm64");
            }
        }
        return Optional.empty();
    }

    /**
     * Writes this machine's library into {@code dir}.
     *
     * @return the library, or why there is none for this machine
     */
    static Result extract(Path dir) throws IOException {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        Optional<String> folder = platformFolder(os, arch);
        if (folder.isEmpty()) {
            return Result.failed("async-profiler's jar has no library for " + os + " on " + arch
                    + " (it has linux-x64, linux-arm64 and macOS)");
        }
        String resource = "/" + folder.get() + "/" + FILE;
        try (InputStream in = AgentLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Result.failed("async-profiler's library " + resource + " is not on the plugin's class path");
            }
            Files.createDirectories(dir);
            Path lib = dir.resolve(FILE);
            Path tmp = dir.resolve(FILE + ".tmp");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING);
            return new Result(Optional.of(lib.toAbsolutePath()), "");
        }
    }

    /** Whether a JVM of this build's JDK starts with {@code lib} as an agent: empty if so, else what it said. */
    static Optional<String> loadProblem(Path lib) throws IOException, InterruptedException {
        List<String> cmd = List.of(JvmCommand.java(), "-Xshare:auto", "-agentpath:" + lib, "-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return Optional.of("a JVM with it as an agent did not start within " + PROBE_SECONDS + " s");
        }
        if (p.exitValue() == 0) {
            return Optional.empty();
        }
        String said = new String(out, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).findFirst()
                .orElse("exit " + p.exitValue());
        return Optional.of("a JVM with it as an agent did not start: " + said.strip());
    }

    /** The library written, or why not. */
    record Result(Optional<Path> library, String problem) {
        static Result failed(String why) {
            return new Result(Optional.empty(), why);
        }
    }
}
