package org.esbbench.maven.parameters;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * Lays a published matrix ({@code -Dmatrix}) under the build's run parameters. A Maven parameter always has a value
 * (the suite pom declares every one as a property), so the goal cannot tell {@code -Dusers=10} from a default by the
 * value: what counts is where the value was set. Explicit values win over the matrix, the matrix wins over the rest:
 * <ul>
 *   <li>explicit: a {@code -Dname=value} of the command line (or {@code .mvn/maven.config}), i.e. a Maven user
 *       property; and a literal value in the execution's POM {@code <configuration>} (smoke-activemq's check), which
 *       Maven already lets win over {@code -D};</li>
 *   <li>not explicit: the suite pom's {@code <properties>}, a profile's properties ({@code -Psmoke}) and the
 *       goal's defaults: a matrix overrides them.</li>
 * </ul>
 * The same rule lays explicit names over any stored set of parameters (stored run parameters being resumed).
 */
public final class ParameterSources {

    /** Where a parameter's value comes from, as check reports it. */
    enum Source {
        COMMAND_LINE("-D"), POM_CONFIGURATION("the POM configuration"), MATRIX("the matrix"),
        PROFILE("the target profile"), BUILD("the build");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    /** The names the build sets explicitly: on the command line (user properties) or as a POM configuration literal. */
    public record Explicit(Set<String> commandLine, Set<String> pomConfiguration) {
        public Explicit {
            commandLine = Set.copyOf(commandLine);
            pomConfiguration = Set.copyOf(pomConfiguration);
        }

        static Explicit none() {
            return new Explicit(Set.of(), Set.of());
        }

        /**
         * The explicit ones among {@code names}: those among the user properties, and those whose value in the
         * execution's configuration is a literal. An unset parameter's configuration is Maven's
         * {@code ${property}} expression (or nothing): not explicit.
         *
         * @param configurationValue the raw (uninterpolated) value of a parameter in the execution's configuration,
         *                           or null when it has none
         */
        public static Explicit of(Collection<String> names, Properties userProperties,
                           Function<String, String> configurationValue) {
            Set<String> commandLine = new LinkedHashSet<>();
            Set<String> pom = new LinkedHashSet<>();
            for (String name : names) {
                String configured = configurationValue.apply(name);
                if (configured != null && !configured.trim().startsWith("${")) {
                    // Maven gives the literal precedence over -D, so it is the value the goal has.
                    pom.add(name);
                } else if (userProperties != null && userProperties.containsKey(name)) {
                    commandLine.add(name);
                }
            }
            return new Explicit(commandLine, pom);
        }

        boolean contains(String name) {
            return commandLine.contains(name) || pomConfiguration.contains(name);
        }

        Source source(String name) {
            return pomConfiguration.contains(name) ? Source.POM_CONFIGURATION
                    : commandLine.contains(name) ? Source.COMMAND_LINE : Source.BUILD;
        }
    }

    /**
     * The merged parameters.
     *
     * @param values  every parameter by name, what RunParameters parses and the run parameters file records; with {@code matrix} when
     *                one is used
     * @param sources where each parameter's value comes from
     */
    public record Merged(Map<String, String> values, Map<String, Source> sources, Optional<Matrix> matrix) {

        /** The names whose value a source gave, in parameter order. */
        List<String> from(Source source) {
            return sources.entrySet().stream().filter(e -> e.getValue() == source).map(Map.Entry::getKey).toList();
        }

        /** Whether {@code name}'s value is the matrix's (not given on the command line or in the POM). */
        public boolean fromMatrix(String name) {
            return sources.get(name) == Source.MATRIX;
        }

        /** Whether {@code name} was given on the command line or in the POM configuration. */
        public boolean explicit(String name) {
            Source s = sources.get(name);
            return s == Source.COMMAND_LINE || s == Source.POM_CONFIGURATION;
        }

        /** The matrix's keys the build overrode explicitly. */
        public Set<String> overridden() {
            Set<String> names = new LinkedHashSet<>();
            matrix.ifPresent(m -> m.values().keySet().stream().filter(n -> sources.get(n) != Source.MATRIX)
                    .forEach(names::add));
            return names;
        }

        /**
         * The lines check prints about a matrix: which, its source, and which dimensions came from it and which
         * from -D (or the POM configuration). Empty without a matrix.
         */
        public List<String> describe() {
            if (matrix.isEmpty()) {
                return from(Source.PROFILE).isEmpty() ? List.of() : List.of("from the target profile: "
                        + String.join(", ", from(Source.PROFILE).stream().map(n -> n + "=" + values.get(n)).toList()));
            }
            Matrix m = matrix.get();
            List<String> lines = new ArrayList<>();
            lines.add("matrix " + m.name() + ": " + m.description());
            lines.add("  source: " + m.source());
            if (!m.sourceNotes().isEmpty()) {
                lines.add("  notes: " + m.sourceNotes());
            }
            List<String> parts = new ArrayList<>();
            parts.add("from the matrix: " + (from(Source.MATRIX).isEmpty() ? "nothing" : String.join(", ", from(Source.MATRIX))));
            for (Source s : List.of(Source.COMMAND_LINE, Source.POM_CONFIGURATION, Source.PROFILE)) {
                List<String> names = from(s);
                if (!names.isEmpty()) {
                    parts.add("from " + s.label() + ": " + String.join(", ",
                            names.stream().map(n -> n + "=" + values.get(n)).toList()));
                }
            }
            lines.add("  " + String.join("; ", parts));
            return lines;
        }
    }

    private ParameterSources() {
    }

    /** A target profile's key that sets a run parameter's default for that target: {@code default.NAME=value}. */
    static final String PROFILE_DEFAULT = "default.";

    /**
     * {@code merged} with the target profile's defaults ({@code default.NAME=value}) laid over what only the build
     * gave: what a server needs (e.g. {@code default.wsMode=fresh} for one that refuses old Timestamps) without a
     * {@code -D} on every run; an explicit value or the matrix still wins.
     *
     * @throws InvalidRunException a default for a name that is not a run parameter, with the valid names
     */
    public static Merged withProfileDefaults(Merged merged, java.util.Properties profile, String profileName)
            throws InvalidRunException {
        Map<String, String> values = new LinkedHashMap<>(merged.values());
        Map<String, Source> sources = new LinkedHashMap<>(merged.sources());
        for (String key : new java.util.TreeSet<>(profile.stringPropertyNames())) {
            if (!key.startsWith(PROFILE_DEFAULT)) {
                continue;
            }
            String name = key.substring(PROFILE_DEFAULT.length());
            if (!sources.containsKey(name)) {
                throw new InvalidRunException("target profile " + profileName + ": " + key + " names no run parameter;"
                        + " valid: " + String.join(", ", sources.keySet()));
            }
            if (sources.get(name) == Source.BUILD) {
                values.put(name, profile.getProperty(key).trim());
                sources.put(name, Source.PROFILE);
            }
        }
        return new Merged(values, sources, merged.matrix());
    }

    /**
     * {@code stored} with the explicit names of this build laid over it, the rest kept: how a stored set of
     * parameters (stored run parameters being resumed) meets a new build's {@code -D} values, by the same rule as a matrix.
     *
     * @return the overlaid values and, per name, whether it is stored or which explicit source replaced it
     */
    static Merged overlay(Map<String, String> stored, Map<String, String> buildValues, Explicit explicit) {
        Map<String, String> values = new LinkedHashMap<>(stored);
        Map<String, Source> sources = new LinkedHashMap<>();
        stored.keySet().forEach(name -> sources.put(name, Source.BUILD));
        buildValues.forEach((name, value) -> {
            if (explicit.contains(name)) {
                values.put(name, value);
                sources.put(name, explicit.source(name));
            }
        });
        return new Merged(values, sources, Optional.empty());
    }

    /**
     * The build's values with the matrix laid under the explicit ones: an explicit name keeps the build's value,
     * else a name the matrix sets takes the matrix's, else the build's value stays.
     *
     * @param buildValues every parameter as the goal received it, by name
     */
    public static Merged merge(Map<String, String> buildValues, Optional<Matrix> matrix, Explicit explicit) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Source> sources = new LinkedHashMap<>();
        buildValues.forEach((name, value) -> {
            if (explicit.contains(name)) {
                values.put(name, value);
                sources.put(name, explicit.source(name));
            } else if (matrix.isPresent() && matrix.get().values().containsKey(name)) {
                values.put(name, matrix.get().values().get(name));
                sources.put(name, Source.MATRIX);
            } else {
                values.put(name, value);
                sources.put(name, Source.BUILD);
            }
        });
        matrix.ifPresent(m -> m.values().forEach((name, value) -> {
            if (!values.containsKey(name)) {
                values.put(name, value);
                sources.put(name, Source.MATRIX);
            }
        }));
        matrix.ifPresent(m -> values.put("matrix", m.name()));
        return new Merged(values, sources, matrix);
    }
}
