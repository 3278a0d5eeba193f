package org.esbbench.maven;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Every process the build started, so that they are stopped whatever happens: by the stop goal in the
 * normal case, and by a JVM shutdown hook when a later goal fails or the build is interrupted (Ctrl-C),
 * because Maven skips post-integration-test after a failure.
 *
 * <p>The registry is also written to a state file, so that a stop goal running in another class realm (or
 * after the start goal's build died) can still find the pids.
 */
public final class ProcessRegistry {
    private static final Duration HOOK_GRACE = Duration.ofSeconds(10);
    private static final List<ManagedProcess> STARTED = new ArrayList<>();
    private static Thread hook;

    private ProcessRegistry() {
    }

    public static synchronized void register(ManagedProcess process, Path stateFile) throws IOException {
        STARTED.add(process);
        if (hook == null) {
            hook = new Thread(ProcessRegistry::stopAllQuietly, "esb-bench-stop-processes");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        save(stateFile);
    }

    /** Forgets a process that ended by itself (a finished JMeter run). */
    public static synchronized void unregister(ManagedProcess process, Path stateFile) throws IOException {
        STARTED.remove(process);
        save(stateFile);
    }

    /** Puts {@code replacement} in the place of {@code old} (a restarted backend keeps its stop order). */
    public static synchronized void replace(ManagedProcess old, ManagedProcess replacement, Path stateFile) throws IOException {
        int i = STARTED.indexOf(old);
        if (i < 0) {
            STARTED.add(replacement);
        } else {
            STARTED.set(i, replacement);
        }
        save(stateFile);
    }

    /** The live process registered under {@code name} in this JVM, if any. */
    public static synchronized java.util.Optional<ManagedProcess> named(String name) {
        return STARTED.stream().filter(p -> p.name().equals(name) && p.isAlive()).findFirst();
    }

    /** The processes registered in this JVM, or re-attached from the state file, still alive. */
    public static synchronized List<ManagedProcess> running(Path stateFile) throws IOException {
        if (!STARTED.isEmpty()) {
            return STARTED.stream().filter(ManagedProcess::isAlive).toList();
        }
        List<ManagedProcess> attached = new ArrayList<>();
        if (Files.exists(stateFile)) {
            Properties state = load(stateFile);
            for (String name : state.getProperty("names", "").split(",")) {
                if (!name.isBlank()) {
                    long pid = Long.parseLong(state.getProperty(name + ".pid"));
                    Path log = Path.of(state.getProperty(name + ".log"));
                    ManagedProcess.attach(name, pid, log).ifPresent(attached::add);
                }
            }
        }
        return attached;
    }

    /** Stops processes in the reverse order of their start (server before the backend it calls). */
    public static synchronized List<String> stopAll(Path stateFile, Duration grace) throws IOException {
        List<ManagedProcess> running = new ArrayList<>(running(stateFile));
        List<String> report = new ArrayList<>();
        for (int i = running.size() - 1; i >= 0; i--) {
            ManagedProcess p = running.get(i);
            boolean clean = p.stop(grace);
            report.add(p + (clean ? " stopped" : " did not stop within " + grace.toSeconds() + " s and was killed"));
        }
        STARTED.clear();
        Files.deleteIfExists(stateFile);
        return report;
    }

    private static synchronized void stopAllQuietly() {
        for (int i = STARTED.size() - 1; i >= 0; i--) {
            ManagedProcess p = STARTED.get(i);
            if (p.isAlive()) {
                System.err.println("[esb-bench] build ending: stopping " + p);
                p.stop(HOOK_GRACE);
            }
        }
    }

    private static void save(Path stateFile) throws IOException {
        Properties state = new Properties();
        List<String> names = new ArrayList<>();
        for (ManagedProcess p : STARTED) {
            names.add(p.name());
            state.setProperty(p.name() + ".pid", Long.toString(p.pid()));
            state.setProperty(p.name() + ".log", p.log().toAbsolutePath().toString());
        }
        state.setProperty("names", String.join(",", names));
        Files.createDirectories(stateFile.toAbsolutePath().getParent());
        try (Writer w = Files.newBufferedWriter(stateFile)) {
            state.store(w, "processes started by esb-bench:start");
        }
    }

    private static Properties load(Path stateFile) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(stateFile)) {
            p.load(r);
        }
        return p;
    }
}
