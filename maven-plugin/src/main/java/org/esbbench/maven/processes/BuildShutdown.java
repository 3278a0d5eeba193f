package org.esbbench.maven.processes;

/** Whether this JVM is shutting down (SIGINT, SIGTERM): then a JMeter that ended was stopped by the build's hooks. */
public final class BuildShutdown {
    private BuildShutdown() {
    }

    public static boolean inProgress() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
    }
}
