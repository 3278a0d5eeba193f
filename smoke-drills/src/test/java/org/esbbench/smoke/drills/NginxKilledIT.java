package org.esbbench.smoke.drills;

import org.esbbench.report.folder.ProcessesFile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.folder.ScenarioRunJournal;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27's drill: a server a target profile starts (nginx, -Dtarget=nginx: server.command, stopped with QUIT)
 * whose master is SIGKILLed during the 2nd scenario run. Its workers are then nobody's children any more; they kept
 * serving on 8380 after the build before the server ran in a process group of its own. The build must fail naming
 * the dead server, and afterwards nothing of the server's process group may run and its port must be free. While
 * the run is up, before the kill, nothing the run started may listen beyond loopback.
 */
class NginxKilledIT {
    private static final List<String> PLAN = List.of("-Dtarget=nginx", "-Dscenarios=direct", "-Dusers=1,2",
            "-Dwarmup=2", "-Dmeasurement=4", "-Ddashboards=false");
    private static final int PORT = 8380;

    @Test
    void theMastersDeathFailsTheBuildNamingItAndNothingOfItsGroupOutlivesTheBuild() throws Exception {
        ChildBuild child = ChildBuild.start("drill-nginx", PLAN);
        RunLayout layout = child.awaitRun();
        List<RunParametersFile.ScenarioRun> runs = RunParametersFile.read(layout.runParametersFile()).scenarioRuns();
        child.awaitRow(layout, runs.get(0).name());
        String name = runs.get(1).name();
        child.awaitSamples(layout.jtl(name));

        ProcessesFile.Entry server = ChildBuild.running(layout, "server");
        assertThat(server.processGroup()).as("the server's own process group in processes.csv").hasValue(server.pid());
        long group = server.processGroup().getAsLong();
        Set<Long> members = RunListeners.groupMembers(group);
        assertThat(members).as("nginx's master and its workers").contains(server.pid()).hasSizeGreaterThan(1);
        RunListeners.requireLoopbackOnly(layout);
        List<ProcessHandle> snapshot = child.snapshot(layout);
        List<ProcessHandle> groupHandles = members.stream().flatMap(p -> ProcessHandle.of(p).stream()).toList();

        long at = System.currentTimeMillis();
        ChildBuild.signal("KILL", server.pid());
        ChildBuild.say("drill-nginx: SIGKILL to nginx's master (pid " + server.pid() + ") during " + name + "; "
                + (members.size() - 1) + " worker(s) in its process group " + group);
        int exit = child.awaitEnd();

        assertThat(exit).as("the build's exit (log " + child.log + ")").isNotZero();
        ScenarioRunJournal.Entry row = ScenarioRunJournal.readAll(layout.scenarioRuns()).stream()
                .filter(r -> r.name().equals(name)).reduce((a, b) -> b).orElseThrow();
        String cause = "server process (pid " + server.pid() + ") exited (signal 9) during " + name;
        assertThat(row.problem()).startsWith(cause);
        assertThat(child.output()).contains(cause);

        // Nothing of the server's process group, none of its workers, runs; its port is free.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline && !RunListeners.groupMembers(group).isEmpty()) {
            Thread.sleep(100);
        }
        Set<Long> left = RunListeners.groupMembers(group);
        left.forEach(p -> ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly));
        assertThat(left).as("processes of the server's process group " + group + " after the build").isEmpty();
        ChildBuild.requireNoSurvivor(concat(snapshot, groupHandles), layout);
        try (ServerSocket free = new ServerSocket(PORT, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThat(free.getLocalPort()).isEqualTo(PORT);
        }
        ChildBuild.say("drill-nginx: detected " + (row.endedAtMs() - at) + " ms after the kill; exit " + exit + "; "
                + row.problem() + "; after the build: no process of group " + group + ", port " + PORT + " free");
    }

    private static List<ProcessHandle> concat(List<ProcessHandle> a, List<ProcessHandle> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).distinct().toList();
    }
}
