package org.esbbench.smoke.drills;

import org.esbbench.maven.processes.ListeningSockets;
import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the processes a run started listen on, while they run: those in its processes.csv, their descendants and
 * the members of their process groups (a profile's server and its workers). Nothing of them may listen beyond
 * loopback unless a parameter or profile says so, and none of the drills' runs says so.
 */
final class RunListeners {
    private RunListeners() {
    }

    /** Checks the run's listeners now; returns them, for the drill's line. */
    static List<ListeningSockets.Listener> requireLoopbackOnly(RunLayout layout) throws IOException {
        Set<Long> pids = runProcesses(layout);
        List<ListeningSockets.Listener> listeners = ListeningSockets.of(pids);
        assertThat(listeners).as("listeners (TCP, and UDP bound to no peer) of the run's processes " + pids).isNotEmpty()
                .allSatisfy(l -> assertThat(l.loopback()).as("listens beyond loopback: " + l).isTrue());
        ChildBuild.say("listeners of the run's " + pids.size() + " processes, all on loopback: " + listeners.stream()
                .map(l -> l.address() + ":" + l.port()).distinct().collect(Collectors.joining(", ")));
        return listeners;
    }

    /** The pids of processes.csv's running entries, their descendants and their process groups' members. */
    static Set<Long> runProcesses(RunLayout layout) throws IOException {
        Set<Long> pids = new TreeSet<>();
        for (ProcessesFile.Entry e : ProcessesFile.read(layout.processes())) {
            if (!e.running()) {
                continue;
            }
            ProcessHandle.of(e.pid()).ifPresent(h -> {
                pids.add(h.pid());
                h.descendants().forEach(d -> pids.add(d.pid()));
            });
            if (e.processGroup().isPresent()) {
                pids.addAll(groupMembers(e.processGroup().getAsLong()));
            }
        }
        return pids;
    }

    /** The live (not zombie) processes whose process group is {@code group}, from /proc/PID/stat. */
    static Set<Long> groupMembers(long group) {
        Set<Long> members = new TreeSet<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"),
                p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                try {
                    String stat = Files.readString(dir.resolve("stat"));
                    String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(rest[2]) == group && !rest[0].equals("Z") && !rest[0].equals("X")) {
                        members.add(Long.parseLong(dir.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException goneMeanwhile) {
                    // ended while listed
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return members;
    }
}
