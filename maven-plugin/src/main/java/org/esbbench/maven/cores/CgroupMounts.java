package org.esbbench.maven.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where this process's cgroups are: the mounts of {@code /proc/self/mounts} (cgroup v1's {@code cpuset} controller,
 * cgroup v2's unified hierarchy) and the process's place in each from {@code /proc/self/cgroup} (v1: the line naming
 * {@code cpuset}; v2: the line {@code 0::/path}).
 *
 * @param mounts the text of {@code /proc/self/mounts}
 * @param cgroup the text of {@code /proc/self/cgroup}
 */
record CgroupMounts(String mounts, String cgroup) {

    static CgroupMounts ofThisProcess() {
        return new CgroupMounts(read(Path.of("/proc/self/mounts")), read(Path.of("/proc/self/cgroup")));
    }

    /** cgroup v1's cpuset mount, when there is one. */
    Optional<CpusetHierarchy> v1Cpuset() {
        for (String line : mounts.split("\n")) {
            String[] f = line.split(" ");
            if (f.length >= 4 && f[2].equals("cgroup") && List.of(f[3].split(",")).contains("cpuset")) {
                Path mount = Path.of(f[1]);
                return Optional.of(new CpusetHierarchy.V1(mount, under(mount, place(l -> List.of(l[1].split(","))
                        .contains("cpuset")))));
            }
        }
        return Optional.empty();
    }

    /** cgroup v2's unified hierarchy, when it is mounted. */
    Optional<CpusetHierarchy> v2() {
        for (String line : mounts.split("\n")) {
            String[] f = line.split(" ");
            if (f.length >= 3 && f[2].equals("cgroup2")) {
                Path mount = Path.of(f[1]);
                return Optional.of(new CpusetHierarchy.V2(mount, under(mount, place(l -> l[0].equals("0")))));
            }
        }
        return Optional.empty();
    }

    /** The path of the first line of /proc/self/cgroup that {@code which} picks, "/" when none. */
    private String place(java.util.function.Predicate<String[]> which) {
        for (String line : cgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && which.test(f)) {
                return f[2];
            }
        }
        return "/";
    }

    private static Path under(Path mount, String place) {
        String rel = place.startsWith("/") ? place.substring(1) : place;
        return rel.isEmpty() ? mount : mount.resolve(rel);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return ""; // not Linux: no cgroups
        }
    }
}
