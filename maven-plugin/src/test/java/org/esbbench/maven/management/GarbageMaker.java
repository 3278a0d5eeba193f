package org.esbbench.maven.management;

import java.util.concurrent.TimeUnit;

/**
 * Child JVM for {@link GcRecordingIT} and {@code RunMonitorIT}: allocates steadily, keeping a rotating share alive long enough to be
 * promoted, so the recorder sees young pauses and a full collection finds old garbage to free. Exits by itself
 * after the number of seconds given as its argument, should the test fail to stop it.
 */
public final class GarbageMaker {
    private GarbageMaker() {
    }

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[0]));
        byte[][] survivors = new byte[256][];
        long allocated = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 64; i++) {
                byte[] chunk = new byte[16 * 1024];
                allocated++;
                if (allocated % 8 == 0) {
                    survivors[(int) (allocated / 8 % survivors.length)] = chunk;
                }
            }
            // about 100 MB/s: plenty of young collections in a 64 MB heap, without taking a whole core
            Thread.sleep(10);
        }
        System.out.println("allocated " + allocated + " chunks; " + survivors.length + " kept");
    }
}
