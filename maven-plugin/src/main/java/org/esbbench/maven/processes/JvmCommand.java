package org.esbbench.maven.processes;

import java.nio.file.Path;
import java.util.List;

/**
 * The start of every JVM command line the suite builds: the java of the build's own JDK (so a run uses the JDK
 * the build was checked with, whatever is on the PATH), and the flags of a server under test.
 */
public final class JvmCommand {
    private JvmCommand() {
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Heap fixed at the run's size (no resizing during the measurement), GC logged with JDK 17 unified logging. */
    public static List<String> serverJvmFlags(String heap, Path gcLog) {
        return List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC",
                "-Xlog:gc*:file=" + gcLog + ":time,uptime,level,tags");
    }
}
