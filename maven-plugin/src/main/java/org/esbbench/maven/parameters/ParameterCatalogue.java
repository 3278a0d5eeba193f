package org.esbbench.maven.parameters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.esbbench.maven.parameters.RunParameter.Trait;

/**
 * The one catalogue of parameters, as {@code StandardFigures} is the one of figures: each parameter declared once
 * ({@link RunParameter}) with its default, check, description and traits. The goals read their values through it,
 * check validates with it, the run folder records what it marks {@link Trait#RECORDED}, a resume compares what it
 * marks {@link Trait#RESUME_MATCHES}, the plans receive what it marks {@link Trait#TO_PLANS}, and
 * docs/parameters.md is its {@link #markdownTable()} (a test keeps the two equal).
 *
 * <p>Beside the parameters, the properties the suite itself sets for every plan ({@link #SUITE_PLAN_PROPERTIES}):
 * where the target is, which scenario, the load model's derived times. A plan may read those and nothing else.
 */
public final class ParameterCatalogue {

    /** The catalogue of the suite. */
    public static final ParameterCatalogue STANDARD = new ParameterCatalogue(StandardParameters.all());

    /** What every plan receives besides the parameters: the suite derives them from the profile and the point. */
    public static final Map<String, String> SUITE_PLAN_PROPERTIES = suitePlanProperties();

    private final Map<String, RunParameter> byName = new LinkedHashMap<>();

    public ParameterCatalogue(List<RunParameter> parameters) {
        for (RunParameter p : parameters) {
            if (byName.put(p.name(), p) != null) {
                throw new IllegalArgumentException("parameter " + p.name() + " declared twice");
            }
        }
    }

    /** This catalogue and one more parameter, last. */
    public ParameterCatalogue with(RunParameter extra) {
        List<RunParameter> all = new ArrayList<>(byName.values());
        all.add(extra);
        return new ParameterCatalogue(all);
    }

    public List<RunParameter> all() {
        return List.copyOf(byName.values());
    }

    public Optional<RunParameter> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public RunParameter get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no parameter " + name + " in the catalogue"));
    }

    /** The parameters with {@code trait}, in the catalogue's order. */
    public List<RunParameter> having(Trait trait) {
        return byName.values().stream().filter(p -> p.is(trait)).toList();
    }

    /** The names and defaults of the parameters with {@code trait}, in the catalogue's order. */
    public Map<String, String> defaults(Trait trait) {
        Map<String, String> d = new LinkedHashMap<>();
        having(trait).forEach(p -> d.put(p.name(), p.defaultValue()));
        return java.util.Collections.unmodifiableMap(d);
    }

    /**
     * The run's recorded parameters: each {@link Trait#RECORDED} one's value as {@code valueOf} gives it, or its
     * default when it gives none.
     */
    public Map<String, String> recorded(Function<String, String> valueOf) {
        Map<String, String> values = new LinkedHashMap<>();
        for (RunParameter p : having(Trait.RECORDED)) {
            String v = valueOf.apply(p.name());
            values.put(p.name(), v == null ? p.defaultValue() : v);
        }
        return values;
    }

    /** Checks every value given for a parameter of the catalogue; the first bad one is refused with its message. */
    public void validate(Map<String, String> values) throws InvalidRunException {
        for (RunParameter p : byName.values()) {
            String v = values.get(p.name());
            if (v != null) {
                p.check().check(p.name(), v);
            }
        }
    }

    /** docs/parameters.md's table: one row per parameter, its default and its one-line description. */
    public String markdownTable() {
        StringBuilder md = new StringBuilder("| parameter | default | what it sets |\n|---|---|---|\n");
        for (RunParameter p : byName.values()) {
            md.append("| `").append(p.name()).append("` | ")
                    .append(p.defaultValue().isEmpty() ? "" : "`" + p.defaultValue() + "`").append(" | ")
                    .append(p.description()).append(" |\n");
        }
        return md.toString();
    }

    /** docs/parameters.md's second table: what a plan can read with {@code __P}, parameters and the suite's own. */
    public String planPropertiesTable() {
        StringBuilder md = new StringBuilder("| property | what it holds |\n|---|---|\n");
        for (RunParameter p : having(Trait.TO_PLANS)) {
            md.append("| `").append(p.name()).append("` | the parameter `").append(p.name()).append("` |\n");
        }
        SUITE_PLAN_PROPERTIES.forEach((name, what) -> md.append("| `").append(name).append("` | ").append(what)
                .append(" |\n"));
        return md.toString();
    }

    private static Map<String, String> suitePlanProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("host", "the target's host (its profile)");
        p.put("port", "the target's port");
        p.put("protocol", "`http` or `https`");
        p.put("path", "the scenario's endpoint on the target (a plan of your own: the profile's `endpoint.<id>`)");
        p.put("jmsUrl", "the broker's provider URL");
        p.put("jmsJndiFactory", "the JNDI context factory of the target's JMS client");
        p.put("jmsConnectionFactory", "the JNDI name of the connection factory");
        p.put("scenario", "the scenario id (standard plans only)");
        p.put("hold", "closed model: seconds the users keep the load after the ramp-up");
        p.put("duration", "seconds the load lasts: warm-up, measurement and a short tail");
        p.put("payloadDir", "the folder of the payloads (each engine's own)");
        p.put("keystoreDir", "the folder of the test keystores (each engine's own)");
        p.put("perfmonFile", "where the plan's PerfMon collector writes");
        p.put("replyQueue", "the JMS reply queue (each engine its own)");
        return java.util.Collections.unmodifiableMap(p);
    }
}
