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
        try {
            Process kill = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
