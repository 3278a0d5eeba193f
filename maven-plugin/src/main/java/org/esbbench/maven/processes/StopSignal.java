package org.esbbench.maven.processes;

import org.esbbench.maven.parameters.InvalidRunException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The signal that asks a process the run started to stop, the target profile's {@code server.stop}: TERM (the
 * default; the backend and the reference server shut down cleanly on it), INT, QUIT (nginx's graceful shutdown) or
 * KILL. Java sends only TERM and KILL itself ({@link ProcessHandle#destroy()}, {@link ProcessHandle#destroyForcibly()});
 * INT and QUIT go through the system's {@code kill}.
 */
public enum StopSignal {
    TERM(15), INT(2), QUIT(3), KILL(9);

    /** Its number on Linux (and every Unix in use for these four). */
    private final int number;

    StopSignal(int number) {
        this.number = number;
    }

    /** Its number: a mask of signals, as /proc prints one, has bit {@code number - 1} for it. */
    public int number() {
        return number;
    }

    /** "TERM", "SIGTERM", "term" alike. */
    public static StopSignal parse(String value) throws InvalidRunException {
        String name = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        if (name.startsWith("SIG")) {
            name = name.substring(3);
        }
        try {
            return valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException("stop signal '" + value + "' is not one of "
                    + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
        }
    }

    /** Reads a signal recorded in processes.csv; anything unreadable falls back to TERM, the safe default. */
    public static StopSignal recorded(String value) {
        try {
            return parse(value);
        } catch (InvalidRunException e) {
            return TERM;
        }
    }

    /** Sends the signal; false when it could not be sent (the process is gone, or no {@code kill} command). */
    public boolean send(ProcessHandle process) {
        // no switch on the enum: its synthetic class would be loaded first in a shutdown hook (StopOnExit)
        if (this == TERM) {
            return process.destroy();
        }
        if (this == KILL) {
            return process.destroyForcibly();
        }
        return KillCommand.send(name(), Long.toString(process.pid()));
    }
}
