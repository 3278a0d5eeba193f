package org.esbbench.maven.processes;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The process group (a session of its own) that a target profile's command runs in, so that everything it starts
 * can be stopped as a whole: its workers, and also those re-parented to init after their parent died (nginx's
 * workers after a SIGKILL of the master), which are no longer anyone's descendants but keep the group.
 *
 * <p>The command is started through util-linux's {@code setsid}: a child of the JVM never leads a group, so
 * {@code setsid} makes the new session without forking and then execs the command; the group's id is the started
 * process's pid. Members are found by reading {@code pgrp} from {@code /proc/<pid>/stat}; signals go to the group
 * with {@code kill -s SIG -- -PGID}. Only groups the build started are ever signalled, never the build's own.
 *
 * <p>A group id is a pid: once every member has ended, the kernel may hand it to an unrelated process that makes
 * a group of its own. Members that started before the group did are therefore not taken for members.
 */
public final class ProcessGroup {
    private static final Path PROC = Path.of("/proc");
    private static final Path[] SETSID = {Path.of("/usr/bin/setsid"), Path.of("/bin/setsid")};
    /** How far a member's start may precede the group's recorded start (clock granularity of /proc, ms rounding). */
    private static final Duration SAME_START = Duration.ofSeconds(10);
    private static final Duration TERM_WAIT = Duration.ofSeconds(3);
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);

    private final long id;
    private final long startedAtMs;

    ProcessGroup(long id, long startedAtMs) {
        if (id <= 1) {
            throw new IllegalArgumentException("not a process group the build started: " + id);
        }
        this.id = id;
        this.startedAtMs = startedAtMs;
    }

    /** The setsid program, when this system has it and a /proc to find members in (Linux); empty elsewhere. */
    static Optional<Path> setsid() {
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return Optional.empty();
        }
        for (Path p : SETSID) {
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The group of {@code pid} (a server from a pid file) when it is one the build started: the group it leads
     * (a daemon that made a session of its own) or {@code launcherGroup}; never the build's own group.
     */
    public static Optional<ProcessGroup> ofStarted(long pid, long startedAtMs, OptionalLong launcherGroup) {
        OptionalLong pgrp = groupOf(pid);
        if (pgrp.isEmpty() || pgrp.getAsLong() <= 1 || pgrp.getAsLong() == ownGroup()) {
            return Optional.empty();
        }
        long g = pgrp.getAsLong();
        if (g == pid || (launcherGroup.isPresent() && launcherGroup.getAsLong() == g)) {
            return Optional.of(new ProcessGroup(g, startedAtMs));
        }
        return Optional.empty();
    }

    public long id() {
        return id;
    }

    /** The group's live members (zombies are dead: they hold no port and no signal reaches them), by pid. */
    List<ProcessHandle> members() {
        List<ProcessHandle> members = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                Optional<Stat> stat = Stat.read(pid);
                if (stat.isPresent() && stat.get().pgrp == id && stat.get().state != 'Z' && stat.get().state != 'X') {
                    ProcessHandle.of(pid).filter(this::startedWithGroup).ifPresent(members::add);
                }
            }
        } catch (IOException e) {
            // /proc unreadable: nothing found is the answer
        }
        return members;
    }

    boolean anyAlive() {
        return !members().isEmpty();
    }

    /**
     * Stops what is left of the group: SIGTERM to all members, up to a few seconds, then SIGKILL and a wait until
     * none is left (a killed process frees its ports only once it has ended).
     *
     * @return how many members there were
     */
    int stop() {
        int found = members().size();
        if (found == 0) {
            return 0;
        }
        signal("TERM");
        if (!awaitEmpty(TERM_WAIT)) {
            kill();
        }
        return found;
    }

    /** SIGKILL to the whole group, then waits until no member is left. */
    void kill() {
        if (anyAlive()) {
            signal("KILL");
            awaitEmpty(KILL_WAIT);
        }
    }

    /** Waits until the group has no live member; false when {@code wait} passed first. */
    boolean awaitEmpty(Duration wait) {
        try {
            return Deadline.until(wait, Duration.ofMillis(50), () -> !anyAlive());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !anyAlive();
        }
    }

    /** {@code kill -s SIG -- -PGID}: one signal to every member at once; false when it could not be sent. */
    boolean signal(String signal) {
        if (id == ownGroup()) {
            return false; // never the build's own group
        }
        return KillCommand.send(signal, "--", "-" + id);
    }

    private boolean startedWithGroup(ProcessHandle h) {
        return h.info().startInstant().map(s -> s.toEpochMilli() >= startedAtMs - SAME_START.toMillis()).orElse(true);
    }

    /** The process group of {@code pid}, from /proc; empty when it is gone. */
    static OptionalLong groupOf(long pid) {
        return Stat.read(pid).map(s -> OptionalLong.of(s.pgrp)).orElse(OptionalLong.empty());
    }

    /** The build's own group: never signalled. */
    private static long ownGroup() {
        return groupOf(ProcessHandle.current().pid()).orElse(-1);
    }

    @Override
    public String toString() {
        return "process group " + id;
    }

    /** The fields of /proc/PID/stat this class needs: the state and the process group. */
    private record Stat(char state, long pgrp) {
        static Optional<Stat> read(long pid) {
            try {
                String line = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
                // "pid (comm) state ppid pgrp ...": comm may hold blanks and parentheses, so parse after the last ')'.
                String[] rest = line.substring(line.lastIndexOf(')') + 2).split(" ");
                return Optional.of(new Stat(rest[0].charAt(0), Long.parseLong(rest[2])));
            } catch (IOException | RuntimeException e) {
                return Optional.empty(); // gone meanwhile, or no /proc
            }
        }
    }
}
