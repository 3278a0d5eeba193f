package org.esbbench.maven.targets;

import org.esbbench.maven.processes.JvmCommand;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ShellWords;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JMS broker the suite starts before the server and stops after it, from the target profile:
 * {@code broker.command} (split and filled in as server.command is: {@link ShellWords}, {@link Placeholders};
 * placeholders ${root}, ${java}, ${broker.host}, ${broker.port}, the last two from {@code jms.provider.url}) and
 * {@code broker.health}, a {@code tcp://host:port} that accepts connections or an http(s) URL that answers 200 once
 * the broker serves (default: the provider URL's host and port).
 */
public record ExternalBroker(String command, URI health) {

    public static Optional<ExternalBroker> of(TargetProfile profile) {
        String command = profile.properties().getProperty("broker.command", "").trim();
        if (command.isEmpty()) {
            return Optional.empty();
        }
        URI url = profile.jmsProviderUrl();
        String health = profile.properties().getProperty("broker.health", "").trim();
        return Optional.of(new ExternalBroker(command,
                URI.create(health.isEmpty() ? "tcp://" + url.getHost() + ":" + url.getPort() : health)));
    }

    /** The command's words with their placeholders filled in. */
    public List<String> resolve(Path root, URI providerUrl) throws InvalidRunException {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("root", root.toString());
        values.put("java", JvmCommand.java());
        values.put("broker.host", providerUrl.getHost());
        values.put("broker.port", Integer.toString(providerUrl.getPort()));
        Placeholders placeholders = Placeholders.of(values);
        List<String> words;
        try {
            words = ShellWords.split(command);
        } catch (InvalidRunException e) {
            throw new InvalidRunException("broker.command: " + e.getMessage());
        }
        for (String word : words) {
            if (!placeholders.withoutValue(word).isEmpty()) {
                throw new InvalidRunException("broker.command: unknown placeholder in '" + word + "'; known: ${"
                        + String.join("}, ${", values.keySet()) + "}");
            }
        }
        return placeholders.expandWords(words);
    }
}
