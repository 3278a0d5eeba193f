package org.esbbench.report.profiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.esbbench.report.folder.RunLayout;

/**
 * The profiles an analysed run folder holds, by point: each point's repeats ({@code profiles/KEY_rN.properties}
 * and {@code .collapsed.gz}), for comparisons and the gate, which read runs they did not analyse.
 */
public final class RunProfiles {
    private static final Pattern REPEAT = Pattern.compile("(.+)_r(\\d+)\\.properties");

    private final RunLayout layout;
    private final Map<String, List<ScenarioRunProfile>> byPoint;

    private RunProfiles(RunLayout layout, Map<String, List<ScenarioRunProfile>> byPoint) {
        this.layout = layout;
        this.byPoint = byPoint;
    }

    /** The run folder's profiles; none when it has no {@code profiles/}. */
    public static RunProfiles of(Path runFolder) throws IOException {
        RunLayout layout = new RunLayout(runFolder);
        Map<String, List<ScenarioRunProfile>> byPoint = new TreeMap<>();
        if (!Files.isDirectory(layout.profiles())) {
            return new RunProfiles(layout, byPoint);
        }
        List<Path> records;
        try (Stream<Path> files = Files.list(layout.profiles())) {
            records = files.filter(f -> REPEAT.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
        for (Path f : records) {
            Matcher m = REPEAT.matcher(f.getFileName().toString());
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1) + "_r" + m.group(2);
            Optional<ScenarioRunProfile> profile;
            try {
                // Its stacks are read when a comparison asks for the point's, one point at a time.
                profile = ScenarioRunProfile.read(layout, name).map(ScenarioRunProfile::withoutStacks);
            } catch (IOException e) {
                continue; // a torn record is no profile
            }
            profile.ifPresent(p -> byPoint.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(p));
        }
        return new RunProfiles(layout, byPoint);
    }

    /** Whether the point (its key) has a profile with samples in this run. */
    public boolean profiled(String point) {
        return byPoint.getOrDefault(point, List.of()).stream().anyMatch(ScenarioRunProfile::profiled);
    }

    /** Whether any point of the run was profiled. */
    public boolean any() {
        return byPoint.keySet().stream().anyMatch(this::profiled);
    }

    /** The point's repeats' stacks added together, read now; empty stacks when it was not profiled. */
    public CollapsedStacks stacks(String point) throws IOException {
        CollapsedStacks all = CollapsedStacks.empty();
        for (ScenarioRunProfile r : byPoint.getOrDefault(point, List.of())) {
            if (r.profiled()) {
                all = all.plus(CollapsedStacks.read(layout.collapsedStacks(r.name())));
            }
        }
        return all;
    }

    /** How the point's first profiled repeat was taken ("cpu every 10ms by async-profiler"); empty if none. */
    public Optional<String> how(String point) {
        return byPoint.getOrDefault(point, List.of()).stream().filter(ScenarioRunProfile::profiled).findFirst()
                .map(r -> r.record().event().id() + " every " + r.record().interval() + " by "
                        + r.record().profiler().label());
    }

    /** The points with a profile record, by key, in key order. */
    public Map<String, List<ScenarioRunProfile>> byPoint() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byPoint));
    }
}
