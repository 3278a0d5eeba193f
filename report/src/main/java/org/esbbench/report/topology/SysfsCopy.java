package org.esbbench.report.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.esbbench.report.cores.CpuList;

/**
 * The files of {@code /sys/devices/system} that say a machine's topology, by their path under it ({@code
 * cpu/online}, {@code cpu/cpu3/topology/thread_siblings_list}, {@code cpu/cpu3/topology/physical_package_id}, {@code
 * node/node1/cpulist}), and the CPUs a process there was allowed ({@code Cpus_allowed_list}), when known. Three
 * sources: this machine; a copied folder (of {@code /sys/devices/system}, or of its {@code cpu} folder alone, then
 * without NUMA nodes); or the listing {@code grep -H} prints of those files, one {@code PATH:VALUE} a line, which
 * one command on any Linux host gives (docs/running.md, "Cores"):
 * <pre>
 * { grep -H . /sys/devices/system/cpu/online /sys/devices/system/cpu/cpu*&#47;topology/{thread_siblings_list,physical_package_id} \
 *     /sys/devices/system/node/node*&#47;cpulist; grep -H Cpus_allowed_list /proc/self/status; } &gt; host-cpus.txt
 * </pre>
 */
public record SysfsCopy(String source, Map<String, String> files, Optional<CpuList> allowed) {
    public static final Path LIVE = Path.of("/sys/devices/system");
    private static final String ALLOWED = "Cpus_allowed_list:";
    private static final Pattern CPU_DIR = Pattern.compile("cpu\\d+");
    private static final Pattern NODE_DIR = Pattern.compile("node\\d+");
    private static final String[] TOPOLOGY = {"thread_siblings_list", "physical_package_id"};

    public SysfsCopy {
        files = Map.copyOf(files);
    }

    /** This machine's, with the CPUs this process may run on (its affinity, which its cgroup's cpuset bounds). */
    public static SysfsCopy thisMachine() {
        return folder(LIVE, allowedOf(Path.of("/proc/self/status")));
    }

    /**
     * A copy given by the user: a folder (of {@code /sys/devices/system} or of its {@code cpu} folder) or a
     * {@code grep -H} listing.
     *
     * @throws IllegalArgumentException naming what the path lacks
     */
    public static SysfsCopy of(Path path) {
        if (Files.isDirectory(path)) {
            SysfsCopy copy = folder(path, Optional.empty());
            if (!copy.files.containsKey("cpu/online")) {
                throw new IllegalArgumentException(path + " is not a copy of /sys/devices/system (nor of its cpu folder):"
                        + " it has no cpu/online (nor online)");
            }
            return copy;
        }
        if (Files.isRegularFile(path)) {
            return listing(path);
        }
        throw new IllegalArgumentException(path + " is neither a folder nor a file");
    }

    /** The content of the file at {@code relative} (trimmed), if the copy has it. */
    public Optional<String> file(String relative) {
        return Optional.ofNullable(files.get(relative));
    }

    private static SysfsCopy folder(Path root, Optional<CpuList> allowed) {
        Map<String, String> files = new TreeMap<>();
        // A copy of the cpu folder alone is read as the cpu folder of a /sys/devices/system without nodes.
        Path cpu = Files.isDirectory(root.resolve("cpu")) ? root.resolve("cpu") : root;
        read(cpu.resolve("online"), "cpu/online", files);
        try (Stream<Path> cpus = list(cpu)) {
            cpus.filter(p -> CPU_DIR.matcher(p.getFileName().toString()).matches()).forEach(p -> {
                String name = p.getFileName().toString();
                for (String f : TOPOLOGY) {
                    read(p.resolve("topology").resolve(f), "cpu/" + name + "/topology/" + f, files);
                }
            });
        }
        if (cpu != root) {
            try (Stream<Path> nodes = list(root.resolve("node"))) {
                nodes.filter(p -> NODE_DIR.matcher(p.getFileName().toString()).matches()).forEach(p ->
                        read(p.resolve("cpulist"), "node/" + p.getFileName() + "/cpulist", files));
            }
        }
        return new SysfsCopy(root.toString(), files, allowed);
    }

    private static SysfsCopy listing(Path file) {
        Map<String, String> files = new TreeMap<>();
        CpuList allowed = null;
        int number = 0;
        try {
            for (String line : Files.readAllLines(file)) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                int at = line.indexOf(ALLOWED);
                if (at >= 0) {
                    allowed = CpuList.parse(line.substring(at + ALLOWED.length()));
                    continue;
                }
                int system = line.indexOf("/devices/system/");
                int colon = line.indexOf(':', Math.max(0, system));
                if (system < 0 || colon < 0) {
                    throw new IllegalArgumentException(file + " line " + number + " is not a PATH:VALUE line of "
                            + "/sys/devices/system (as grep -H prints them): " + line);
                }
                files.put(line.substring(system + "/devices/system/".length(), colon), line.substring(colon + 1).trim());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!files.containsKey("cpu/online")) {
            throw new IllegalArgumentException(file + " has no line of /sys/devices/system/cpu/online");
        }
        return new SysfsCopy(file.toString(), files, Optional.ofNullable(allowed));
    }

    private static Optional<CpuList> allowedOf(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(ALLOWED)) {
                    return Optional.of(CpuList.parse(line.substring(ALLOWED.length())));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no such file
        }
        return Optional.empty();
    }

    private static void read(Path file, String relative, Map<String, String> into) {
        try {
            if (Files.isReadable(file)) {
                into.put(relative, Files.readString(file).trim());
            }
        } catch (IOException e) {
            // a CPU going offline meanwhile: its files vanish; the topology does without them
        }
    }

    private static Stream<Path> list(Path dir) {
        try {
            return Files.isDirectory(dir) ? Files.list(dir) : Stream.empty();
        } catch (IOException e) {
            return Stream.empty();
        }
    }
}
