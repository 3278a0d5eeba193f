package org.esbbench.maven.monitor;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.esbbench.maven.management.ManagementConnection;

/**
 * A CPU time counter in milliseconds that the {@link CpuSampler} reads at every tick; empty when there is no
 * reading now (the process is not running, the connection is gone).
 */
@FunctionalInterface
public interface CpuSource {
    OptionalLong cpuMillis();

    /**
     * A local process's CPU time (all its threads, GC and JIT included) with its descendants' (a server's worker
     * processes), from the kernel's accounting ({@link ProcessTreeCpu}); the supplier is asked at every tick, so a
     * process restarted or started later is followed.
     */
    static CpuSource ofProcess(Supplier<Optional<ProcessHandle>> process) {
        return () -> process.get().map(ProcessTreeCpu::millis).orElse(OptionalLong.empty());
    }

    /**
     * A local process's own CPU time, without its descendants' or its ended children's: the build, whose children
     * (the server, JMeter, the backend, this monitor) have rows of their own.
     */
    static CpuSource ofOwnThreads(Supplier<Optional<ProcessHandle>> process) {
        return () -> process.get().map(p -> ProcessTreeCpu.ownTicks(p.pid())).orElse(OptionalLong.empty());
    }

    /** The whole machine's busy time (/proc/stat). */
    static CpuSource ofMachine() {
        return MachineCpu::busyMillis;
    }

    /** A process on another host, from the PerfMon agent there ({@link PerfMonStream}). */
    static CpuSource ofPerfMon(PerfMonStream stream, long pid) {
        return () -> stream.processMillis(pid);
    }

    /** Another host's busy time (all cores), from the PerfMon agent there. */
    static CpuSource ofPerfMonHost(PerfMonStream stream) {
        return stream::hostBusyMillis;
    }

    /** A remote JVM's process CPU time from its OperatingSystemMXBean: a server the kernel here cannot see. */
    static CpuSource ofRemoteJvm(ManagementConnection connection) throws IOException {
        OperatingSystemMXBean os = connection.platformBean(OperatingSystemMXBean.class);
        return () -> {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? OptionalLong.empty() : OptionalLong.of(TimeUnit.NANOSECONDS.toMillis(nanos));
        };
    }
}
