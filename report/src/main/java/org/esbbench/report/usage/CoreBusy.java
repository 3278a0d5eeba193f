package org.esbbench.report.usage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;

/**
 * How busy a set of CPUs was over a window, from the per-CPU rows of {@code cpu.csv} ({@code cpu0}, {@code cpu1},
 * ...: each CPU's busy time, whoever ran on it): with the server on cores of its own, the busy share of the server's
 * cores says whether the server was the limit, the share of the others whether the load generator was.
 */
final class CoreBusy {
    private final CpuList set;
    private final List<CpuSeries> cpus;

    private CoreBusy(CpuList set, List<CpuSeries> cpus) {
        this.set = set;
        this.cpus = cpus;
    }

    static CoreBusy read(Path cpuCsv, CpuList set) throws IOException {
        List<CpuSeries> series = new ArrayList<>();
        for (int cpu : set.cpus()) {
            series.add(CpuSeries.read(cpuCsv, CpuLayout.cpuRow(cpu)));
        }
        return new CoreBusy(set, series);
    }

    /** Percent of the set's CPUs busy over [from, to]; empty when any CPU of the set has no readings there. */
    OptionalDouble percentBetween(long from, long to) {
        if (cpus.isEmpty()) {
            return OptionalDouble.empty();
        }
        double busy = 0;
        for (CpuSeries s : cpus) {
            OptionalDouble ms = s.cpuMillisBetween(from, to);
            if (ms.isEmpty()) {
                return OptionalDouble.empty();
            }
            busy += ms.getAsDouble();
        }
        return OptionalDouble.of(100.0 * busy / ((double) Math.max(1, to - from) * cpus.size()));
    }

    /**
     * The busiest CPU of the set over [from, to] and its busy percent: one CPU full while the set's average is low
     * is a role held up there (its one hot thread, interrupts); empty without readings, or for a set of one CPU (its
     * average says it already).
     */
    java.util.Optional<BoundCheck.Hot> busiest(long from, long to) {
        if (cpus.size() < 2) {
            return java.util.Optional.empty();
        }
        BoundCheck.Hot hottest = null;
        for (int i = 0; i < cpus.size(); i++) {
            OptionalDouble ms = cpus.get(i).cpuMillisBetween(from, to);
            if (ms.isEmpty()) {
                return java.util.Optional.empty();
            }
            double percent = 100.0 * ms.getAsDouble() / Math.max(1, to - from);
            if (hottest == null || percent > hottest.percent()) {
                hottest = new BoundCheck.Hot("CPU " + set.cpus().get(i), percent);
            }
        }
        return java.util.Optional.ofNullable(hottest);
    }
}
