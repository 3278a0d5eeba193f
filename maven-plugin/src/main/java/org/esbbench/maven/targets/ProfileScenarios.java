package org.esbbench.maven.targets;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.esbbench.core.Scenario;

/**
 * The scenarios a target's server serves, the profile's {@code scenarios=} (a comma list of scenario ids; absent:
 * every scenario). {@code -Dscenarios=all} (or left out without -Dplans) on such a profile means the profile's
 * scenarios; a scenario named outside them is refused at check, naming the profile's list.
 */
public final class ProfileScenarios {
    private ProfileScenarios() {
    }

    /** The profile's list, empty when it has none; an unknown id in it is an error. */
    public static Optional<List<Scenario>> of(TargetProfile profile) throws InvalidRunException {
        String value = profile.properties().getProperty("scenarios");
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(RunParameters.scenarios(value.trim()));
        } catch (InvalidRunException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": scenarios=" + value.trim() + ": "
                    + e.getMessage());
        }
    }

    /**
     * The run's parameters with {@code scenarios} narrowed to the profile's list when the user asked for all of them
     * ({@code all}, or nothing and no plans of their own); said in the log.
     */
    public static Map<String, String> select(Map<String, String> parameters, TargetProfile profile, Consumer<String> log)
            throws InvalidRunException {
        Optional<List<Scenario>> served = of(profile);
        if (served.isEmpty()) {
            return parameters;
        }
        String asked = parameters.getOrDefault("scenarios", "");
        asked = asked == null ? "" : asked.trim();
        String plans = parameters.getOrDefault("plans", "");
        boolean all = asked.equalsIgnoreCase("all") || (asked.isEmpty() && (plans == null || plans.isBlank()));
        if (!all) {
            return parameters;
        }
        String ids = String.join(",", served.get().stream().map(Scenario::id).toList());
        log.accept("-Dscenarios=" + (asked.isEmpty() ? "(all)" : asked) + " on target '" + profile.name()
                + "': the scenarios its profile serves, " + ids);
        Map<String, String> narrowed = new LinkedHashMap<>(parameters);
        narrowed.put("scenarios", ids);
        return narrowed;
    }

    /** Fails when the run selects a scenario the profile does not serve. */
    public static void requireServed(List<Scenario> selected, TargetProfile profile) throws InvalidRunException {
        Optional<List<Scenario>> served = of(profile);
        if (served.isEmpty()) {
            return;
        }
        List<String> outside = new ArrayList<>();
        for (Scenario s : selected) {
            if (!served.get().contains(s)) {
                outside.add(s.id());
            }
        }
        if (!outside.isEmpty()) {
            throw new InvalidRunException("target '" + profile.name() + "' does not serve scenario(s) "
                    + String.join(", ", outside) + ": its profile " + profile.file() + " lists scenarios="
                    + String.join(",", served.get().stream().map(Scenario::id).toList())
                    + " (choose among those, or -Dscenarios=all for all of them)");
        }
    }
}
