package org.esbbench.maven.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every shipped target profile ({@code config/targets/*.properties}) says what it is, which scenarios its
 * server serves and whether it was run here (issue 12: "Every profile in config/targets/ names its
 * scenarios and states whether it was run here"). The files are read as plain {@link Properties}, not
 * through the plugin's parser, so a profile is held to the written contract (docs/targets.md) whatever the
 * parser tolerates: {@code description}, {@code scenarios} (known ids, no repeats), {@code run.here}
 * ({@code yes} or {@code no} and then why), {@code artefacts} (a folder of the checkout with a README.md),
 * and no {@code endpoint.<id>} for a scenario the profile does not list.
 */
class TargetProfileFilesTest {

    /** The checkout's root, from the module's folder (Surefire runs in maven-plugin/). */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path TARGETS = ROOT.resolve("config/targets");

    /** "yes" or "no", then a separator or space, then an explanation of some words. */
    private static final Pattern RUN_HERE = Pattern.compile("(yes|no)\\b[\\s:;,.\\-]*(?<why>\\S.{9,})",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final String ENDPOINT = "endpoint.";

    @TestFactory
    Stream<DynamicTest> everyShippedProfileKeepsTheContract() throws IOException {
        List<Path> profiles = profileFiles();
        assertThat(profiles).as("profiles in %s", TARGETS)
                .extracting(p -> p.getFileName().toString()).contains("reference.properties");
        return profiles.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(),
                () -> assertThat(problems(load(file), ROOT)).as(file.toString()).isEmpty()));
    }

    @Test
    void theReferenceProfileServesEveryScenarioAndWasRunHere() throws IOException {
        Properties reference = load(TARGETS.resolve("reference.properties"));

        assertThat(scenarioIds(reference)).containsExactlyElementsOf(Scenario.ids());
        assertThat(reference.getProperty("run.here")).startsWith("yes");
    }

    @Test
    void aCompleteProfileHasNoProblems() {
        assertThat(problems(valid(), ROOT)).isEmpty();
    }

    @Test
    void missingKeysAreEachNamed() {
        assertThat(problems(new Properties(), ROOT)).containsExactly(
                "description is missing or blank",
                "scenarios is missing or blank",
                "run.here is missing: say 'yes: <which test or run>' or 'no: <why not>'");
    }

    @Test
    void anUnknownOrRepeatedScenarioIsAProblem() {
        Properties profile = valid();
        profile.setProperty("scenarios", "direct,fast-lane,direct");

        assertThat(problems(profile, ROOT)).containsExactly(
                "scenarios: unknown scenario 'fast-lane'; valid ids: " + String.join(", ", Scenario.ids()),
                "scenarios: 'direct' is listed twice");
    }

    @Test
    void runHereMustStartWithYesOrNoAndExplain() {
        for (String bad : List.of("maybe: not sure", "yes", "no.", "yesterday it ran fine", "none: it is not installed")) {
            Properties profile = valid();
            profile.setProperty("run.here", bad);

            assertThat(problems(profile, ROOT)).as(bad).singleElement().asString().startsWith("run.here ");
        }
    }

    @Test
    void artefactsMustBeAFolderOfTheCheckoutWithAReadme() {
        Properties missing = valid();
        missing.setProperty("artefacts", "config/targets/no-such-server");
        Properties withoutReadme = valid();
        withoutReadme.setProperty("artefacts", "config/targets");

        assertThat(problems(missing, ROOT)).containsExactly("artefacts: no folder config/targets/no-such-server");
        assertThat(problems(withoutReadme, ROOT)).containsExactly("artefacts: config/targets has no README.md");
    }

    @Test
    void anEndpointForAScenarioTheProfileDoesNotServeIsAProblem() {
        Properties profile = valid();
        profile.setProperty("endpoint.rest", "/api/echo");
        profile.setProperty("endpoint.no-such", "/x");

        assertThat(problems(profile, ROOT)).containsExactlyInAnyOrder(
                "endpoint.rest: rest is not in scenarios",
                "endpoint.no-such: no-such is not in scenarios");
    }

    /** What is wrong with one profile, one line each; empty when it keeps the contract. */
    static List<String> problems(Properties profile, Path root) {
        List<String> problems = new ArrayList<>();
        if (blank(profile.getProperty("description"))) {
            problems.add("description is missing or blank");
        }
        Set<String> scenarios = new HashSet<>();
        if (blank(profile.getProperty("scenarios"))) {
            problems.add("scenarios is missing or blank");
        } else {
            for (String id : scenarioIds(profile)) {
                try {
                    Scenario.byId(id);
                } catch (IllegalArgumentException unknown) {
                    problems.add("scenarios: " + unknown.getMessage());
                }
                if (!scenarios.add(id)) {
                    problems.add("scenarios: '" + id + "' is listed twice");
                }
            }
        }
        String runHere = profile.getProperty("run.here");
        if (runHere == null) {
            problems.add("run.here is missing: say 'yes: <which test or run>' or 'no: <why not>'");
        } else if (!RUN_HERE.matcher(runHere.strip()).matches()) {
            problems.add("run.here must start with yes or no and then explain: '" + runHere + "'");
        }
        String artefacts = profile.getProperty("artefacts");
        if (artefacts != null) {
            Path folder = root.resolve(artefacts.strip());
            if (!Files.isDirectory(folder)) {
                problems.add("artefacts: no folder " + artefacts.strip());
            } else if (!Files.isRegularFile(folder.resolve("README.md"))) {
                problems.add("artefacts: " + artefacts.strip() + " has no README.md");
            }
        }
        for (String key : profile.stringPropertyNames().stream().sorted().toList()) {
            if (key.startsWith(ENDPOINT)) {
                String id = key.substring(ENDPOINT.length());
                if (!scenarios.contains(id)) {
                    problems.add(key + ": " + id + " is not in scenarios");
                }
            }
        }
        return problems;
    }

    private static List<String> scenarioIds(Properties profile) {
        return Stream.of(profile.getProperty("scenarios", "").split(","))
                .map(String::strip).filter(id -> !id.isEmpty()).toList();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static Properties valid() {
        Properties profile = new Properties();
        profile.setProperty("description", "a server");
        profile.setProperty("scenarios", "direct, cbr-body");
        profile.setProperty("run.here", "no: not installable here; its files were parsed instead");
        profile.setProperty("artefacts", "config/targets/camel");
        profile.setProperty("endpoint.direct", "/proxy");
        return profile;
    }

    private static List<Path> profileFiles() throws IOException {
        try (Stream<Path> files = Files.list(TARGETS)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted().toList();
        }
    }

    private static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        }
        return properties;
    }
}
