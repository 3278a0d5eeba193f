package org.esbbench.maven.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Test helper, a build in miniature: run with SIGINT ignored (as a build under nohup or in a script's background is),
 * it starts {@link TinyServer} in a group of its own as a profile's server.command is started, stops it with INT as
 * a profile's {@code server.stop=INT} does, and prints what it ignored and whether the stop was clean.
 * <pre>StopUnderIgnoredInt PORT WORK_DIR</pre>
 */
public final class StopUnderIgnoredInt {
    private StopUnderIgnoredInt() {
    }

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args[1]);
        Path log = work.resolve("server.log");
        ManagedProcess server = ManagedProcess.startInOwnGroup("server", List.of(
                JvmCommand.java(), "-cp",
                System.getProperty("java.class.path"), TinyServer.class.getName(), args[0]), work, log)
                .stoppedWith(StopSignal.INT);
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!(Files.exists(log) && Files.readString(log).contains("tiny server: up"))) {
            if (System.nanoTime() > end || !server.isAlive()) {
                server.stop(Duration.ofSeconds(2));
                throw new IllegalStateException("the server did not come up: " + server.logTail(20));
            }
            Thread.sleep(50);
        }
        System.out.println("build ignores: " + IgnoredStopSignals.ofThisBuild().names());
        System.out.println("clean stop: " + server.stop(Duration.ofSeconds(10)));
    }
}
