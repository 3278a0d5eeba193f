package org.esbbench.maven.profiles;

import java.util.Map;
import java.util.Optional;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.servers.TargetServers;
import org.esbbench.maven.targets.TargetProfile;
import org.esbbench.report.profiles.ProfileSettings;

/**
 * Check's part for profiles, before any load: the three parameters together ({@code -DprofileInterval} as the event
 * of {@code -Dprofile} reads it), a profile's {@code pid=} (a number, or a file holding one), and what the run will
 * do, said: which JVM is profiled and how, or why it cannot be. Whether async-profiler's library loads here is tried
 * as the servers start.
 */
public final class ProfileCheck {
    private ProfileCheck() {
    }

    /** The run's profile settings; the line check says of them, empty when the run does not profile. */
    public static Optional<String> check(Map<String, String> parameters, TargetProfile profile, TargetServers servers)
            throws InvalidRunException {
        ProfileSettings settings;
        try {
            settings = ProfileSettings.of(parameters);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunException(e.getMessage());
        }
        String pid = profile.properties().getProperty(ProfilerChoice.PID_KEY, "").strip();
        if (!pid.isEmpty()) {
            if (servers.startsServer()) {
                throw new InvalidRunException("target profile " + profile.file() + ": " + ProfilerChoice.PID_KEY + "="
                        + pid + " names the process of a server started by hand, but the suite starts this one: remove"
                        + " it (the suite knows the process it starts)");
            }
            ProfilerChoice.parsePid(profile, pid);
        }
        if (!settings.on()) {
            return Optional.empty();
        }
        String what = settings.describe() + " during each measurement window";
        if (servers.startsServer()) {
            boolean agent = profile.startsServers() || servers.command().map(c -> c.passesJvmFlags()).orElse(false);
            return Optional.of("profile: " + what + (agent
                    ? ", async-profiler's library an agent of the server's JVM from its start"
                    : ", attached to the JVM the server's command starts (none if it is not Java)")
                    + " (JDK Flight Recorder where the library cannot load: -D" + ProfileSettings.PROFILER + "="
                    + settings.profiler().id() + ")");
        }
        return Optional.of("profile: " + what + ", attached to the server's JVM on this machine (its profile's "
                + ProfilerChoice.PID_KEY + "=, else its jmx= on loopback; found as the servers start)");
    }
}
