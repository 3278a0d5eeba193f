package org.esbbench.maven.targets;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.processes.StopSignal;
import org.esbbench.maven.management.AgentJar;
import org.esbbench.maven.management.ManagementAgentFlags;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ShellWords;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How the suite runs a server that a target profile describes (any server, not the bundled one):
 * <ul>
 *   <li>{@code server.command}: its start command, split shell-like ({@link ShellWords}) and run without a
 *       shell, with the {@link Placeholders}; the first word is a program on the PATH, an absolute path, or a path
 *       relative to the checkout's root;</li>
 *   <li>{@code server.setup}: a project script (relative to the checkout's root, with arguments and placeholders)
 *       run before the start, which must exit 0 (e.g. {@code scripts/install-nginx.sh});</li>
 *   <li>{@code server.health}: a URL that answers 2xx once the server is ready; default: a TCP connection to
 *       host:port is accepted;</li>
 *   <li>{@code server.stop}: TERM (default), INT, QUIT or KILL; a kill follows the grace period;</li>
 *   <li>{@code ${management}} in server.command: the JVM flag of the suite's management connector at the profile's
 *       {@code jmx=} address, bound to it only (needs jmx=, without jmx.user/jmx.ssl: it has no authentication);</li>
 *   <li>{@code server.pid}: {@code process} (default: the started process is the server) or
 *       {@code file:<path>} (the server writes its process id there, e.g. a launcher that daemonises); the pid is
 *       what the stop signal goes to and whose CPU time, with its descendants', the monitor reads from /proc.</li>
 * </ul>
 * Everything is validated by {@link #of} at check, before any load.
 */
public record ServerCommand(String command, Optional<String> setup, Optional<String> health, StopSignal stop,
                     Optional<String> pidFile) {

    static final String COMMAND = "server.command";
    static final String SETUP = "server.setup";
    static final String HEALTH = "server.health";
    static final String STOP = "server.stop";
    static final String PID = "server.pid";
    /** The placeholder of the management connector's JVM flag. */
    static final String MANAGEMENT = "management";

    /**
     * The profile's server command, or empty when the profile has no {@code server.command} (the bundled reference
     * server with start=true, or a server that runs elsewhere).
     *
     * @throws InvalidRunException naming the key and the fix: server.* keys without server.command, start=true with
     *                             it, an unknown placeholder, a missing setup script or artefacts folder, a bad
     *                             signal, pid source or health URL
     */
    public static Optional<ServerCommand> of(TargetProfile profile, Path root) throws InvalidRunException {
        String command = value(profile, COMMAND);
        if (command == null) {
            for (String key : List.of(SETUP, HEALTH, STOP, PID)) {
                if (value(profile, key) != null) {
                    throw invalid(profile, key + " is set but " + COMMAND + " is not: the suite starts a server only"
                            + " from " + COMMAND);
                }
            }
            return Optional.empty();
        }
        if (profile.startsServers()) {
            throw invalid(profile, "start=true (the bundled reference server) and " + COMMAND + " exclude each other:"
                    + " remove start=true to start the server from " + COMMAND);
        }
        for (String key : List.of(COMMAND, SETUP, HEALTH, PID)) {
            String v = value(profile, key);
            if (v == null) {
                continue;
            }
            Set<String> unknown = Placeholders.unknown(v);
            if (!unknown.isEmpty()) {
                throw invalid(profile, key + " uses unknown placeholder(s) ${" + String.join("}, ${", unknown)
                        + "}; known: " + Placeholders.NAMES_TEXT);
            }
            if (Placeholders.used(v).contains(Placeholders.LIST)
                    && (!key.equals(COMMAND) || Placeholders.listInsideAWord(split(profile, key, v)))) {
                throw invalid(profile, key + " uses ${" + Placeholders.LIST + "} where a list cannot go: it stands"
                        + " alone as a word of " + COMMAND + " (it becomes the JVM flags, one argument each)");
            }
            if (Placeholders.used(v).contains("artefacts") && value(profile, "artefacts") == null) {
                throw invalid(profile, key + " uses ${artefacts} but the profile has no artefacts= (a folder relative"
                        + " to the checkout's root)");
            }
        }
        if (Placeholders.used(command).contains(MANAGEMENT)) {
            if (profile.managementAgent().isEmpty()) {
                throw invalid(profile, COMMAND + " uses ${" + MANAGEMENT + "} but the profile has no jmx=127.0.0.1:PORT"
                        + " (where the suite's management connector listens and the monitor connects)");
            }
            if (!profile.jmxOptions().plain()) {
                throw invalid(profile, COMMAND + " uses ${" + MANAGEMENT + "}, a connector without authentication or"
                        + " TLS, but the profile sets jmx.user/jmx.ssl: remove those, or open the server's own connector");
            }
        }
        if (Placeholders.used(command).contains(Placeholders.LIST) && profile.managementAgent().isPresent()
                && !profile.jmxOptions().plain()) {
            throw invalid(profile, COMMAND + " uses ${" + Placeholders.LIST + "}, which opens the suite's connector (no"
                    + " authentication, no TLS) at jmx=, but the profile sets jmx.user/jmx.ssl: remove those, or list the"
                    + " JVM flags yourself and open the server's own connector");
        }
        List<String> words = split(profile, COMMAND, command);
        if (words.isEmpty()) {
            throw invalid(profile, COMMAND + " is empty");
        }
        Optional<String> setup = Optional.ofNullable(value(profile, SETUP));
        if (setup.isPresent()) {
            List<String> setupWords = split(profile, SETUP, setup.get());
            if (setupWords.isEmpty()) {
                throw invalid(profile, SETUP + " is empty");
            }
            Path script = root.resolve(setupWords.get(0));
            if (!Files.isRegularFile(script)) {
                throw invalid(profile, SETUP + "=" + setup.get() + ": no script " + script + " (a path relative to the"
                        + " checkout's root)");
            }
        }
        String artefacts = value(profile, "artefacts");
        if (artefacts != null && !Files.isDirectory(root.resolve(artefacts))) {
            throw invalid(profile, "artefacts=" + artefacts + ": no folder " + root.resolve(artefacts));
        }
        Optional<String> health = Optional.ofNullable(value(profile, HEALTH));
        if (health.isPresent()) {
            try {
                URI uri = URI.create(health.get().replace("${", "").replace("}", ""));
                if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                    throw new IllegalArgumentException("not an http(s) URL");
                }
            } catch (IllegalArgumentException e) {
                throw invalid(profile, HEALTH + "=" + health.get() + " is not an http(s) URL (" + e.getMessage() + ")");
            }
        }
        StopSignal stop;
        try {
            stop = value(profile, STOP) == null ? StopSignal.TERM : StopSignal.parse(value(profile, STOP));
        } catch (InvalidRunException e) {
            throw invalid(profile, STOP + ": " + e.getMessage());
        }
        String pid = value(profile, PID);
        Optional<String> pidFile = Optional.empty();
        if (pid != null && !pid.equals("process")) {
            if (!pid.startsWith("file:") || pid.length() == "file:".length()) {
                throw invalid(profile, PID + "=" + pid + " is neither 'process' nor 'file:<path>'");
            }
            pidFile = Optional.of(pid.substring("file:".length()).trim());
        }
        return Optional.of(new ServerCommand(command, setup, health, stop, pidFile));
    }

    /**
     * The placeholders' values for a start at {@code heap}, the server's GC logged to {@code gcLog}: ${jvm.flags} are
     * the flags of every server JVM the suite starts (fixed heap, G1, the GC log) and, when the profile names a
     * management agent (jmx=host:port), its connection on loopback at that port.
     */
    public static Placeholders placeholders(TargetProfile profile, Path root, Path work, String heap, Path gcLog)
            throws InvalidRunException {
        URI backend = profile.backendUrl();
        Map<String, String> v = new java.util.LinkedHashMap<>();
        v.put("heap", heap);
        v.put("host", profile.host());
        v.put("port", Integer.toString(profile.port()));
        v.put("backend.host", backend.getHost());
        v.put("backend.port", Integer.toString(backend.getPort()));
        String artefacts = value(profile, "artefacts");
        if (artefacts != null) {
            v.put("artefacts", root.resolve(artefacts).normalize().toString());
        }
        v.put("root", root.toString());
        v.put("work", work.toString());
        v.put("java", JvmCommand.java());
        v.put("jms.url", profile.jmsProviderUrl().toString());
        List<String> jvm = new ArrayList<>(JvmCommand.serverJvmFlags(heap, gcLog));
        java.util.Optional<java.net.InetSocketAddress> jmx = profile.managementAgent();
        if (jmx.isPresent()) {
            String agent = org.esbbench.maven.management.ManagementAgentFlags.javaAgent(
                    work.resolve(org.esbbench.maven.management.AgentJar.FILE), jmx.get().getHostString(), jmx.get().getPort());
            v.put(MANAGEMENT, agent);
            jvm.add(agent);
        }
        return new Placeholders(v, jvm);
    }

    /** True when the start command passes the suite's JVM flags (${jvm.flags}): it starts a JVM the suite sets up. */
    public boolean passesJvmFlags() {
        return Placeholders.used(command).contains(Placeholders.LIST);
    }

    /** True when the start command takes the suite's management connector (${management}, or in ${jvm.flags}). */
    public boolean usesManagement() {
        java.util.Set<String> used = Placeholders.used(command);
        return used.contains(MANAGEMENT) || used.contains(Placeholders.LIST);
    }

    /** The start command's arguments; a first word with a slash is relative to the checkout's root. */
    public List<String> startCommand(Placeholders values, Path root) throws InvalidRunException {
        List<String> words = values.expandWords(ShellWords.split(command));
        return programFromRoot(words, root);
    }

    /** The setup command's arguments (the script relative to the checkout's root), if the profile has one. */
    public Optional<List<String>> setupCommand(Placeholders values, Path root) throws InvalidRunException {
        if (setup.isEmpty()) {
            return Optional.empty();
        }
        List<String> words = new ArrayList<>(values.expandWords(ShellWords.split(setup.get())));
        Path script = root.resolve(words.get(0));
        words.set(0, script.toString());
        if (!Files.isExecutable(script)) {
            // A script checked out without its executable bit still runs through sh.
            words.add(0, "sh");
        }
        return Optional.of(words);
    }

    public Optional<URI> healthUrl(Placeholders values) throws InvalidRunException {
        return health.isEmpty() ? Optional.empty() : Optional.of(URI.create(values.expand(health.get())));
    }

    public Optional<Path> pidFile(Placeholders values, Path root) throws InvalidRunException {
        return pidFile.isEmpty() ? Optional.empty() : Optional.of(root.resolve(values.expand(pidFile.get())));
    }

    private static List<String> programFromRoot(List<String> words, Path root) {
        List<String> out = new ArrayList<>(words);
        String program = out.get(0);
        if (program.contains("/") && !Path.of(program).isAbsolute()) {
            out.set(0, root.resolve(program).normalize().toString());
        }
        return out;
    }

    private static List<String> split(TargetProfile profile, String key, String value) throws InvalidRunException {
        try {
            return ShellWords.split(value);
        } catch (InvalidRunException e) {
            throw invalid(profile, key + ": " + e.getMessage());
        }
    }

    private static String value(TargetProfile profile, String key) {
        String v = profile.properties().getProperty(key);
        return v == null || v.isBlank() ? null : v.trim();
    }

    private static InvalidRunException invalid(TargetProfile profile, String problem) {
        return new InvalidRunException("target profile " + profile.file() + ": " + problem);
    }
}
