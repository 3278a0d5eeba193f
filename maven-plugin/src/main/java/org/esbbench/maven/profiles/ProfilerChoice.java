package org.esbbench.maven.profiles;

import java.io.IOException;
import java.lang.management.RuntimeMXBean;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.management.ManagementConnection;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.TargetProfile;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileEvent;
import org.esbbench.report.profiles.ProfileRecord.Profiler;
import org.esbbench.report.profiles.ProfileSettings;

/**
 * Decides, as the run's servers start, how the run profiles its server ({@link ProfilerPlan}), and says it:
 * <ul>
 *   <li>a JVM the suite starts (the reference server; a profile's server.command that passes {@code ${jvm.flags}},
 *       as camel's and synapse's do): async-profiler's library as an agent from its start;</li>
 *   <li>a server the suite starts otherwise: whatever JVM is found in its process tree at each window, attached to;
 *       none where there is none (nginx), said per point;</li>
 *   <li>a server started by hand on this machine: the process its profile's {@code pid=} names ({@code pid=1234} or
 *       {@code pid=file:<path>}), or the one behind its {@code jmx=} connector on loopback, attached to;</li>
 *   <li>a server elsewhere: none, said.</li>
 * </ul>
 * Where async-profiler's library cannot load (no library for this machine, or a JVM does not start with it), JDK
 * Flight Recorder's own sampling stands in ({@code -Dprofiler=auto}, the default), except for wall-clock time, which it
 * does not sample.
 */
public final class ProfilerChoice {
    private static final Duration JMX_TIMEOUT = Duration.ofSeconds(10);

    private ProfilerChoice() {
    }

    /**
     * The run's plan, written into its folder (a run without a profile forgets an earlier session's), and said.
     *
     * @throws InvalidRunException for a profile's pid= that names no running process or no number
     */
    public static Optional<ProfilerPlan> decide(ProfileSettings settings, TargetProfile profile, TargetServers servers,
                                                RunLayout layout, BuildLog log)
            throws IOException, InvalidRunException {
        if (!settings.on()) {
            ProfilerPlan.forget(layout);
            return Optional.empty();
        }
        ProfileEvent event = settings.event().orElseThrow();
        String interval = settings.interval();
        ProfilerPlan plan;
        Optional<String> unreachable = Optional.empty();
        long externalPid = 0;
        boolean atStart = false;
        if (servers.startsServer()) {
            atStart = profile.startsServers() || servers.command().map(c -> c.passesJvmFlags()).orElse(false);
        } else {
            Pid found = externalPid(profile);
            externalPid = found.pid();
            unreachable = found.problem();
        }
        if (unreachable.isPresent()) {
            plan = ProfilerPlan.none(event, interval, unreachable.get());
        } else {
            plan = withProfiler(settings, event, interval, atStart, externalPid, library(layout));
        }
        plan.write(layout);
        if (plan.reach() == ProfilerPlan.Reach.NONE) {
            log.warn(plan.describe());
        } else {
            log.info(plan.describe());
        }
        return Optional.of(plan);
    }

    /** async-profiler's library for a run: written into its folder, and tried. */
    interface Library {
        AgentLibrary.Result extract() throws IOException;

        Optional<String> loadProblem(Path library) throws IOException;
    }

    private static Library library(RunLayout layout) {
        return new Library() {
            @Override
            public AgentLibrary.Result extract() throws IOException {
                return AgentLibrary.extract(layout.profilerAgent());
            }

            @Override
            public Optional<String> loadProblem(Path library) throws IOException {
                return ProfilerChoice.loadProblem(library);
            }
        };
    }

    /** async-profiler where it loads (and is allowed), else JDK Flight Recorder where it can stand in, else none. */
    static ProfilerPlan withProfiler(ProfileSettings settings, ProfileEvent event, String interval,
                                     boolean atStart, long externalPid, Library library) throws IOException {
        String why = "";
        if (settings.profiler() != ProfileSettings.Choice.JFR) {
            AgentLibrary.Result lib = library.extract();
            Optional<String> problem = lib.library().isEmpty() ? Optional.of(lib.problem())
                    : library.loadProblem(lib.library().get());
            if (problem.isEmpty()) {
                return new ProfilerPlan(event, interval, Profiler.ASYNC_PROFILER,
                        atStart ? ProfilerPlan.Reach.AGENT_AT_START : ProfilerPlan.Reach.ATTACH, lib.library(),
                        externalPid, "");
            }
            why = "async-profiler's library cannot load here: " + problem.get();
            if (settings.profiler() == ProfileSettings.Choice.ASYNC_PROFILER) {
                return ProfilerPlan.none(event, interval, why + " (-D" + ProfileSettings.PROFILER
                        + "=async-profiler: no stand-in)");
            }
        } else {
            why = "-D" + ProfileSettings.PROFILER + "=jfr";
        }
        if (event == ProfileEvent.WALL) {
            return ProfilerPlan.none(event, interval, why + "; JDK Flight Recorder, the stand-in, samples no"
                    + " wall-clock time");
        }
        return new ProfilerPlan(event, interval, Profiler.JFR, ProfilerPlan.Reach.ATTACH, Optional.empty(), externalPid,
                why + "; JDK Flight Recorder's own sampling instead: Java frames only");
    }

    private static Optional<String> loadProblem(Path library) throws IOException {
        try {
            return AgentLibrary.loadProblem(library);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while trying async-profiler's library", e);
        }
    }

    /** A process id, or why there is none to profile. */
    record Pid(long pid, Optional<String> problem) {
        static Pid none(String why) {
            return new Pid(0, Optional.of(why));
        }
    }

    /** The process of a server started by hand: its profile's pid=, else the JVM behind its jmx= on loopback. */
    static Pid externalPid(TargetProfile profile) throws InvalidRunException, IOException {
        String key = profile.properties().getProperty(PID_KEY, "").strip();
        if (!key.isEmpty()) {
            long pid = parsePid(profile, key);
            if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
                throw new InvalidRunException("target profile " + profile.file() + ": " + PID_KEY + "=" + key
                        + " names process " + pid + ", which is not running on this machine: start the server first,"
                        + " or correct " + PID_KEY + "=");
            }
            return new Pid(pid, Optional.empty());
        }
        Optional<InetSocketAddress> jmx = profile.managementAgent();
        if (jmx.isPresent() && loopback(jmx.get().getHostString())) {
            try (ManagementConnection c = ManagementConnection.connect(ManagementAgentFlags.serviceUrl(
                    jmx.get().getHostString(), jmx.get().getPort()), profile.jmxOptions(), JMX_TIMEOUT)) {
                long pid = c.platformBean(RuntimeMXBean.class).getPid();
                if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent()) {
                    return new Pid(pid, Optional.empty());
                }
                return Pid.none("the JVM behind jmx=" + jmx.get().getHostString() + ":" + jmx.get().getPort()
                        + " is process " + pid + ", not one of this machine's (a container's?): give " + PID_KEY
                        + "= its process id here");
            } catch (IOException e) {
                return Pid.none("the server's jmx=" + jmx.get().getHostString() + ":" + jmx.get().getPort()
                        + " did not answer (" + e.getMessage() + "), and its profile has no " + PID_KEY + "=");
            }
        }
        if (!loopback(profile.host())) {
            return Pid.none("the server runs on " + profile.host() + ", not on this machine: a profile is taken of a"
                    + " JVM here");
        }
        return Pid.none("the suite does not start this target's server, and its profile names neither " + PID_KEY
                + "=<process id> (or " + PID_KEY + "=file:<path>) nor a jmx= on this machine");
    }

    /** The profile key of a server started by hand: its process id, or the file that holds it. */
    public static final String PID_KEY = "pid";

    /** A profile's pid= value: a number, or file:PATH (relative to the checkout's root) holding one. */
    static long parsePid(TargetProfile profile, String value) throws InvalidRunException {
        String v = value.strip();
        try {
            if (v.startsWith("file:")) {
                Path file = Path.of(v.substring("file:".length()).strip());
                if (!file.isAbsolute()) {
                    file = profile.file().toAbsolutePath().getParent().getParent().getParent().resolve(file);
                }
                v = Files.readString(file).strip();
            }
            long pid = Long.parseLong(v);
            if (pid <= 0) {
                throw new NumberFormatException();
            }
            return pid;
        } catch (IOException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": " + PID_KEY + "=" + value
                    + ": cannot read " + e.getMessage());
        } catch (NumberFormatException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": " + PID_KEY + "=" + value
                    + " is neither a process id nor file:<path> of a file holding one");
        }
    }

    private static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1");
    }
}
