package org.esbbench.maven.rounds;

import org.esbbench.core.Scenario;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.targets.ProfileScenarios;
import org.esbbench.maven.targets.TargetProfile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A round's targets ({@code -Dtargets=reference,synapse}): each a profile of config/targets, and the scenarios of the
 * round each serves (its profile's {@code scenarios=}) and does not. A target that serves none of them is refused: it
 * would only be a name in the report.
 *
 * @param names     the targets, in the order given
 * @param served    per target, the round's scenarios its profile serves, catalogue order
 * @param notServed per target, the round's scenarios its profile does not serve
 */
public record RoundTargets(List<String> names, Map<String, List<String>> served, Map<String, List<String>> notServed) {

    /**
     * @param value     -Dtargets as given
     * @param scenarios the round's scenarios, catalogue order
     */
    public static RoundTargets parse(String value, Path targetsDir, List<Scenario> scenarios) throws InvalidRunException {
        Set<String> names = new LinkedHashSet<>();
        for (String name : value.split(",")) {
            String n = name.strip();
            if (n.isEmpty()) {
                continue;
            }
            if (!names.add(n)) {
                throw new InvalidRunException("-Dtargets=" + value + ": target '" + n + "' is named twice");
            }
        }
        if (names.isEmpty()) {
            throw new InvalidRunException("-Dtargets=" + value + ": no target named (e.g. -Dtargets=reference,nginx)");
        }
        Map<String, List<String>> served = new LinkedHashMap<>();
        Map<String, List<String>> notServed = new LinkedHashMap<>();
        for (String name : names) {
            TargetProfile profile = TargetProfile.load(targetsDir, name);
            Optional<List<Scenario>> listed = ProfileScenarios.of(profile);
            List<String> yes = new ArrayList<>();
            List<String> no = new ArrayList<>();
            for (Scenario s : scenarios) {
                (listed.isEmpty() || listed.get().contains(s) ? yes : no).add(s.id());
            }
            if (yes.isEmpty()) {
                throw new InvalidRunException("-Dtargets: target '" + name + "' serves none of the round's scenarios ("
                        + String.join(",", no) + "): its profile " + profile.file() + " lists scenarios="
                        + profile.properties().getProperty("scenarios", "").strip()
                        + "; leave it out of -Dtargets or add one of its scenarios to -Dscenarios");
            }
            served.put(name, List.copyOf(yes));
            notServed.put(name, List.copyOf(no));
        }
        return new RoundTargets(List.copyOf(names), served, notServed);
    }
}
