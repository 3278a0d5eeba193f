package org.esbbench.smoke.drills;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;

/**
 * Neighbours on the run's CPUs: a short closed-model run of direct with the server on a core of its own
 * ({@code -DserverCpus=auto}, which the other drills turn off), and, from the moment check has planned the layout, a
 * busy loop outside the run pinned to the server's CPU and one to the load generator's ({@code taskset}), which the
 * kernel then shares with the run. The point must be flagged {@code server-cpus-shared} and {@code
 * generator-cpus-shared} with the neighbours' shares, and its bound not called the server's figures. The busy loops
 * are this test's: it stops them, whatever happens. (The calm case, no neighbour and no
 * flag, is every point of the smoke run: ServerCoresIT.)
 */
class NeighbourIT {

    @Test
    void aBusyLoopOnTheServersCpuIsFlaggedAndItsFiguresNotCalledTheServers() throws Exception {
        ChildBuild child = ChildBuild.start("neighbour", List.of("-DserverCpus=auto", "-Dscenarios=direct",
                "-Dusers=4", "-Dwarmup=3", "-Dmeasurement=8", "-Ddashboards=false"));
        RunLayout layout = child.awaitRun();
        CpuLayout cpus = CpuLayout.read(layout.dir()).orElseThrow();
        assertThat(cpus.isolated()).as("the server on cores of its own: " + cpus.describe()).isTrue();
        int serverCpu = cpus.server().cpus().get(0);
        int generatorCpu = cpus.harness().cpus().get(0);
        List<Process> loops = new ArrayList<>();
        int exit;
        try {
            for (int cpu : List.of(serverCpu, generatorCpu)) {
                loops.add(new ProcessBuilder("taskset", "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
                        .redirectErrorStream(true).start());
            }
            ChildBuild.say("neighbour: busy loops on the server's CPU " + serverCpu + " and the generator's CPU "
                    + generatorCpu);
            exit = child.awaitEnd();
        } finally {
            for (Process loop : loops) {
                loop.destroyForcibly();
                assertThat(loop.waitFor(10, TimeUnit.SECONDS)).as("the busy loop stopped").isTrue();
            }
        }
        assertThat(exit).as("exit (log " + child.log + "): a neighbour is flagged, not failed").isZero();
        CSVRecord point = ChildBuild.onlyPoint(layout);
        String flags = point.get("flags");
        assertThat(flags).as("flags").contains("server-cpus-shared: ").contains("generator-cpus-shared: ")
                .doesNotContain("the figures are the server's");
        ChildBuild.say("neighbour: " + flags);
    }
}
