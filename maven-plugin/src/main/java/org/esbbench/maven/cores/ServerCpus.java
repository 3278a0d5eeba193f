package org.esbbench.maven.cores;

import org.esbbench.report.cores.CpuList;

/**
 * What {@code -DserverCpus} asks for: {@code auto} (the default: half the machine's cores for a server the suite
 * starts, shared for one it does not), {@code shared} (every process on every core, as before runs had cores of
 * their own), a count of cores ({@code 1}), or the server's CPUs by number ({@code cpus:1} or {@code cpus:2-3}: for
 * a server started by hand on those CPUs, so that the suite keeps off them).
 */
public sealed interface ServerCpus {
    String AUTO = "auto";
    String SHARED = "shared";
    String LIST_PREFIX = "cpus:";

    record Auto() implements ServerCpus {
    }

    record Shared() implements ServerCpus {
    }

    /** One count of cores, or (a published matrix's) the counts to choose from: 1,2,4. */
    record Count(java.util.List<Integer> counts) implements ServerCpus {
        public Count {
            counts = java.util.List.copyOf(new java.util.TreeSet<>(counts));
        }
    }

    record Listed(CpuList cpus) implements ServerCpus {
    }

    /**
     * @throws IllegalArgumentException saying what the accepted forms are
     */
    static ServerCpus parse(String value) {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty() || v.equals(AUTO)) {
            return new Auto();
        }
        if (v.equals(SHARED)) {
            return new Shared();
        }
        if (v.startsWith(LIST_PREFIX)) {
            return new Listed(CpuList.parse(v.substring(LIST_PREFIX.length())));
        }
        try {
            java.util.List<Integer> counts = new java.util.ArrayList<>();
            for (String part : v.split(",")) {
                int n = Integer.parseInt(part.trim());
                if (n < 1) {
                    throw new NumberFormatException();
                }
                counts.add(n);
            }
            return new Count(counts);
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("serverCpus '" + value + "' is none of: auto, shared, a count of cores"
                + " (e.g. 1), or CPUs by number (e.g. cpus:1 or cpus:2-3)");
    }
}
