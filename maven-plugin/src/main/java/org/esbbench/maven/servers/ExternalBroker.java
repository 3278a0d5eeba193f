package org.esbbench.maven.servers;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.targets.TargetProfile;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JMS broker the suite starts before the server and stops after it, from the target profile:
 * {@code broker.command} (split like a shell would, without one; placeholders ${root}, ${java}, ${broker.host},
 * ${broker.port}, the last two from {@code jms.provider.url}) and {@code broker.health}, a {@code tcp://host:port}
 * that accepts connections or an http(s) URL that answers 200 once the broker serves (default: the provider URL's
 * host and port).
 */
public record ExternalBroker(List<String> command, URI health) {

    public static Optional<ExternalBroker> of(TargetProfile profile) {
        String command = profile.properties().getProperty("broker.command", "").trim();
        if (command.isEmpty()) {
            return Optional.empty();
        }
        URI url = profile.jmsProviderUrl();
        String health = profile.properties().getProperty("broker.health", "").trim();
        return Optional.of(new ExternalBroker(split(command),
                URI.create(health.isEmpty() ? "tcp://" + url.getHost() + ":" + url.getPort() : health)));
    }

    /** The command with its placeholders filled in. */
    List<String> resolve(Path root, URI providerUrl) throws InvalidRunException {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("root", root.toString());
        values.put("java", ServerLauncher.java());
        values.put("broker.host", providerUrl.getHost());
        values.put("broker.port", Integer.toString(providerUrl.getPort()));
        List<String> resolved = new ArrayList<>();
        for (String word : command) {
            String filled = word;
            for (Map.Entry<String, String> v : values.entrySet()) {
                filled = filled.replace("${" + v.getKey() + "}", v.getValue());
            }
            int open = filled.indexOf("${");
            if (open >= 0) {
                throw new InvalidRunException("broker.command: unknown placeholder in '" + word + "'; known: ${"
                        + String.join("}, ${", values.keySet()) + "}");
            }
            resolved.add(filled);
        }
        return resolved;
    }

    /** Words separated by blanks; single or double quotes keep blanks inside a word (no escapes, no expansion). */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
