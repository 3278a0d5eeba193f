package org.esbbench.maven.monitor;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Test helper, run as a child JVM: does what JMeter does as it loads an HTTP plan (Apache Tika looks for programs
 * that are not there), over and over: each try is a {@code jspawnhelper} child that lives a moment and fails to exec.
 * It also keeps one long-lived child ({@code sleep}), the kind of descendant the record must read.
 */
public final class SpawningJvm {
    private SpawningJvm() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        Process sleeper = new ProcessBuilder("sleep", Long.toString(seconds)).start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            try {
                new ProcessBuilder("esb-bench-no-such-program", "-version").start().waitFor();
            } catch (IOException expected) {
                // the program is missing, as ffmpeg is for Tika on most machines
            }
            Thread.sleep(2);
        }
        sleeper.destroy();
    }
}
