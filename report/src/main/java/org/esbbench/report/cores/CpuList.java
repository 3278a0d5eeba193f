package org.esbbench.report.cores;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A set of CPUs in the kernel's list format ({@code 0-1,4}: what {@code /sys/devices/system/cpu/online},
 * {@code cpuset.cpus}, {@code taskset -c} and the {@code Cpus_allowed_list} of {@code /proc/PID/status} use), kept
 * sorted and without repeats.
 */
public record CpuList(List<Integer> cpus) {
    public CpuList {
        cpus = List.copyOf(new TreeSet<>(cpus));
    }

    public static CpuList of(Integer... cpus) {
        return new CpuList(List.of(cpus));
    }

    /** No CPU. */
    public static CpuList none() {
        return new CpuList(List.of());
    }

    /** CPUs {@code 0} to {@code count - 1}. */
    public static CpuList firstN(int count) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            l.add(i);
        }
        return new CpuList(l);
    }

    /**
     * Parses {@code 0-1,4}; blanks around items are allowed.
     *
     * @throws IllegalArgumentException naming the part that is not a CPU number or range
     */
    public static CpuList parse(String text) {
        List<Integer> l = new ArrayList<>();
        for (String part : text.trim().split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    l.add(nonNegative(Integer.parseInt(p)));
                } else {
                    int from = nonNegative(Integer.parseInt(p.substring(0, dash).trim()));
                    int to = nonNegative(Integer.parseInt(p.substring(dash + 1).trim()));
                    if (to < from) {
                        throw new IllegalArgumentException("'" + p + "' is a range that ends before it starts");
                    }
                    for (int i = from; i <= to; i++) {
                        l.add(i);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + p + "' is not a CPU number or a range such as 2-3");
            }
        }
        if (l.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' names no CPU");
        }
        return new CpuList(l);
    }

    private static int nonNegative(int cpu) {
        if (cpu < 0) {
            throw new NumberFormatException();
        }
        return cpu;
    }

    public int size() {
        return cpus.size();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    public boolean containsAll(CpuList other) {
        return cpus.containsAll(other.cpus);
    }

    public boolean disjoint(CpuList other) {
        return cpus.stream().noneMatch(other.cpus::contains);
    }

    /** These CPUs without {@code other}'s. */
    public CpuList minus(CpuList other) {
        return new CpuList(cpus.stream().filter(c -> !other.cpus.contains(c)).toList());
    }

    /** The last {@code n} CPUs of this list (the server's share: CPU 0 takes most interrupts, keep it for the rest). */
    public CpuList last(int n) {
        return new CpuList(cpus.subList(Math.max(0, cpus.size() - n), cpus.size()));
    }

    /** The kernel's format: {@code 0-1,4}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(cpus.get(i));
            if (j > i) {
                s.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return s.toString();
    }

    /** "CPU 1" or "CPUs 0-1,4", for sentences. */
    public String words() {
        return (cpus.size() == 1 ? "CPU " : "CPUs ") + this;
    }
}
