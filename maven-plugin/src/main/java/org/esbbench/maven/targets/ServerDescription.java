package org.esbbench.maven.targets;

/**
 * The server a run measured, in one line for run.json: the bundled reference server with its versions (and the
 * broker it uses), a server the profile's server.command starts, or an external one.
 */
public final class ServerDescription {
    private ServerDescription() {
    }

    /**
     * @param startsServer whether the suite starts the target's server (start=true or a server.command)
     * @param suiteVersion the suite's version, which is the reference server's
     */
    public static String of(TargetProfile profile, boolean startsServer, String suiteVersion, String camelVersion,
                            String artemisVersion) {
        if (profile.startsServers()) {
            JmsProvider jms = JmsProvider.of(profile);
            return "reference-esb " + suiteVersion + " (Apache Camel " + camelVersion + (jms.embeddedIn(profile)
                    ? ", ActiveMQ Artemis " + artemisVersion + ")" : "; JMS broker at " + jms + ")");
        }
        if (startsServer) {
            return profile.properties().getProperty("description", "a server") + ", started from target profile "
                    + profile.name() + " (server.command)";
        }
        return "external (target profile " + profile.name() + ")";
    }
}
