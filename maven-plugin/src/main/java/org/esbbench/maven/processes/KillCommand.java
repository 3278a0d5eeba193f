package org.esbbench.maven.processes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The system's {@code kill} for the signals Java's process API cannot send (QUIT, INT) and for a whole process
 * group ({@code -- -PGID}): one place that runs it, waits for it and says whether it was delivered.
 */
public final class KillCommand {
    private KillCommand() {
    }

    /** {@code kill -s SIGNAL TARGET...}; true when kill exited 0 within 10 s. */
    public static boolean send(String signal, String... targets) {
        List<String> cmd = new ArrayList<>(List.of("kill", "-s", signal));
        cmd.addAll(List.of(targets));
        return exitsZero(cmd);
    }

    /** Runs a short system command, its output discarded; true when it exited 0 within 10 s. */
    static boolean exitsZero(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
