package org.esbbench.maven.run;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The facts run.json shows about a run that its analysis does not interpret, gathered once by check into the run
 * plan's {@code record}: the versions, the checkout's commit, the machine, the target profile and the plans'
 * settings.
 */
public final class RunFacts {
    static final String VERSIONS = "versions";
    static final String GIT = "git";
    static final String MACHINE = "machine";
    static final String TARGET_PROFILE = "targetProfile";
    static final String TARGET_PROFILE_FILE = "targetProfileFile";
    static final String SETTINGS = "parameters";

    /** What ran: the suite, JMeter, the server under test. */
    public record Versions(String suite, String jmeter, String server) {
    }

    private RunFacts() {
    }

    public static Map<String, Object> of(Path root, RunParameters plan, TargetProfile profile, Versions versions) {
        Map<String, Object> record = new LinkedHashMap<>();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("suite", versions.suite());
        v.put("jmeter", versions.jmeter());
        v.put("server", versions.server());
        // The JVM of this build, which also runs the started servers and JMeter (same java.home).
        v.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        record.put(VERSIONS, v);
        record.put(GIT, git(root));
        record.put(MACHINE, machine());
        // passwords hidden: run-parameters.json and run.json are published with the results
        record.put(TARGET_PROFILE, new LinkedHashMap<>(profile.shownProperties()));
        record.put(TARGET_PROFILE_FILE, profile.file().toString());
        record.put(SETTINGS, settings(plan));
        return record;
    }

    private static Map<String, Object> settings(RunParameters plan) {
        Map<String, Object> s = new LinkedHashMap<>();
        RunParameters.PlanSettings settings = plan.settings();
        s.put("rampupSeconds", settings.rampupSeconds());
        s.put("reuse", settings.reuse());
        s.put("connectTimeoutMs", settings.connectTimeoutMs());
        s.put("responseTimeoutMs", settings.responseTimeoutMs());
        s.put("wsSuite", settings.wsSuite());
        s.put("wsMode", settings.wsMode());
        s.put("wsPool", settings.wsPool());
        s.put("tailSeconds", RunParameters.TAIL_SECONDS);
        s.put("heap", plan.heap());
        s.put("heaps", plan.heaps());
        s.put("models", plan.models().stream().map(RunParameters.LoadModel::id).toList());
        s.put("users", plan.users());
        s.put("rates", plan.rates());
        s.put("sizeBytes", plan.sizes());
        s.put("delayMs", plan.delays());
        return s;
    }

    private static Map<String, Object> machine() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", org.esbbench.report.cores.OnlineCpus.count()); // all of them, whatever this JVM may use
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            machine.put("memoryBytes", os.getTotalMemorySize());
        }
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("arch", System.getProperty("os.arch"));
        return machine;
    }

    /** The checkout's commit and whether it had local changes; "unknown" outside a git checkout. */
    private static Map<String, Object> git(Path root) {
        Map<String, Object> git = new LinkedHashMap<>();
        git.put("commit", command(root, "git", "rev-parse", "HEAD").orElse("unknown"));
        command(root, "git", "status", "--porcelain", "--untracked-files=no")
                .ifPresent(status -> git.put("localChanges", !status.isBlank()));
        return git;
    }

    private static Optional<String> command(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Optional.of(out);
            }
            p.destroyForcibly();
        } catch (IOException e) {
            // no git here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }
}
