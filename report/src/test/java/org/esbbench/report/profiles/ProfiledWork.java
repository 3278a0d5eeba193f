package org.esbbench.report.profiles;

/**
 * A program for the profiles' tests to profile (here and in maven-plugin, through this module's test-jar): it spends
 * nearly all its CPU in {@link #spin}, hashing strings, for the milliseconds its argument gives, or until it is
 * stopped when it has none, so its profile is known before it is taken.
 */
public final class ProfiledWork {
    private ProfiledWork() {
    }

    public static void main(String[] args) {
        long end = args.length == 0 ? Long.MAX_VALUE : System.currentTimeMillis() + Long.parseLong(args[0]);
        long sum = 0;
        while (System.currentTimeMillis() < end) {
            sum += spin(20_000);
        }
        System.out.println(sum);
    }

    static long spin(int n) {
        long h = 0;
        for (int i = 0; i < n; i++) {
            h = 31 * h + Integer.toString(i).hashCode();
        }
        return h;
    }
}
