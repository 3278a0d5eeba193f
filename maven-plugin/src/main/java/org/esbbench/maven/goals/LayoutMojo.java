package org.esbbench.maven.goals;

import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.maven.cores.CpuPlanner;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.report.cores.CpuLayout;
import org.esbbench.report.cores.CpuList;
import org.esbbench.report.topology.SysfsCopy;

/**
 * Prints which CPUs the server and the harness would get, without running anything: on this machine, or, with
 * {@code -Dtopology=PATH}, on another one from a copy of its {@code /sys/devices/system} (a folder, or the {@code
 * grep -H} listing docs/running.md gives), so a user sees what the suite would do on a host before renting it.
 * {@code -DcpusAllowed} stands for the CPUs a build there may use (a container's); {@code -DserverCpus} as for a run.
 * Not bound to a phase: {@code mvn -pl suite esb-bench:layout}.
 */
@Mojo(name = "layout", threadSafe = true)
public class LayoutMojo extends EsbBenchMojo {

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        String topology = parameter("topology").strip();
        String allowed = parameter("cpusAllowed").strip();
        try {
            CpuPlanner planner;
            if (topology.isEmpty()) {
                if (!allowed.isEmpty()) {
                    throw new InvalidRunException("-DcpusAllowed describes another machine's build: give its topology"
                            + " with -Dtopology=PATH (this machine's CPUs are what this build may use)");
                }
                planner = CpuPlanner.forThisMachine();
            } else {
                Path path = root().resolve(topology);
                planner = CpuPlanner.forCopy(SysfsCopy.of(path), allowed.isEmpty() ? null : CpuList.parse(allowed));
            }
            info("topology " + (topology.isEmpty() ? "of this machine" : "of " + topology) + ": "
                    + planner.topology().describe());
            info("a build may use " + planner.usable().words());
            String value = parameter("serverCpus").strip();
            CpuLayout layout = planner.plan(value, true);
            info("-DserverCpus=" + (value.isEmpty() ? "auto" : value) + ": " + layout.describe());
            if (layout.variesServerCores()) {
                layout.serverCores().forEach(n -> info("  at " + n + ": server on " + layout.serverFor(n).words()));
            }
            layout.notes().forEach(note -> info("note: " + note));
        } catch (InvalidRunException | IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
