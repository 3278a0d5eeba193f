package org.esbbench.maven.engines;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * What check does for {@code -Dgenerators}, before anything starts: the parameters ({@link Engines#parse}), the
 * split of every load value, the warnings, and for a run: the RMI keystore ({@link RmiKeystore}), and for remote
 * engines a 3 s TCP connect to each and a target the engines can reach (not loopback).
 */
public final class EnginesCheck {
    private EnginesCheck() {
    }

    /** Validates and describes; every build (also one without a run). */
    public static Engines validate(java.util.Map<String, String> parameters, RunParameters plan, Consumer<String> log)
            throws InvalidRunException {
        Engines g = Engines.parse(parameters);
        g.checkLines(plan.users(), plan.rates(), plan.models().contains(RunParameters.LoadModel.CLOSED),
                plan.models().contains(RunParameters.LoadModel.OPEN), Runtime.getRuntime().availableProcessors())
                .forEach(log);
        return g;
    }

    /** Before a run: the keystore, and remote engines reachable and able to reach the target. */
    public static void prepare(Engines g, TargetProfile profile, Path root, Consumer<String> log)
            throws InvalidRunException, IOException {
        if (!g.distributed()) {
            return;
        }
        if (g.kind() == Engines.Kind.REMOTE) {
            if (isLoopback(profile.host())) {
                throw new InvalidRunException("-Dgenerators=" + String.join(",", g.engines().stream()
                        .map(Engines.EngineAddress::address).toList()) + ": target '" + profile.name() + "' has host="
                        + profile.host() + ", a loopback address: each remote engine would send its load to itself;"
                        + " give the profile an address the engines can reach");
            }
            EngineProbe.requireReachable(g.engines());
        }
        Instant expires = RmiKeystore.in(root).ensure();
        log.accept("RMI keystore " + RmiKeystore.in(root).keystore() + " valid until " + expires
                + (g.kind() == Engines.Kind.REMOTE ? " (remote engines need a copy of it and rmi.properties)" : ""));
    }

    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
