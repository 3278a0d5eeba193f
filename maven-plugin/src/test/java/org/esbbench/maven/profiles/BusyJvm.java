package org.esbbench.maven.profiles;

/** A JVM for the profiler's tests to profile: it hashes strings in {@link #spin} until it is stopped. */
public final class BusyJvm {
    private BusyJvm() {
    }

    public static void main(String[] args) {
        long sum = 0;
        while (true) {
            sum += spin(20_000);
            if (sum == 42) {
                System.out.println(sum);
            }
        }
    }

    static long spin(int n) {
        long h = 0;
        for (int i = 0; i < n; i++) {
            h = 31 * h + Integer.toString(i).hashCode();
        }
        return h;
    }
}
