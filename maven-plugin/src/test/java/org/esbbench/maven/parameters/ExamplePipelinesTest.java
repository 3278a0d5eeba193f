package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The example pipelines a team copies (examples/ci, docs/ci.md) run what the suite accepts: the GitHub Actions
 * workflow and the GitLab CI job run the same Maven commands, each system's own spelling of a variable aside, and
 * every {@code -Dname=value} in them names a parameter of the catalogue whose check accepts the value, so a copied
 * pipeline never fails on a misspelled parameter or a refused value. The files are read with a YAML parser and their
 * scripts split into commands and words as a POSIX shell does (quotes, line continuations, comments).
 */
class ExamplePipelinesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path GITHUB = ROOT.resolve("examples/ci/github-actions.yml");
    private static final Path GITLAB = ROOT.resolve("examples/ci/gitlab-ci.yml");

    /** Where a run copies its JUnit XML for the CI servers' report steps. */
    private static final String JUNIT = "suite/target/esb-bench-reports/TEST-esb-bench.xml";

    /** The keys whose strings are shell scripts: GitHub's {@code run}, GitLab's {@code script} and its siblings. */
    private static final Set<String> SCRIPT_KEYS = Set.of("run", "script", "before_script", "after_script");

    /** The neutral placeholder every variable reference becomes: {@code ${NAME}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]+}");

    /** A GitHub expression, {@code ${{ env.TARGET }}}: substituted before the shell runs, inside quotes too. */
    private static final Pattern GITHUB_EXPRESSION = Pattern.compile("\\$\\{\\{\\s*(.+?)\\s*}}");
    private static final Pattern GITHUB_CONTEXT_VARIABLE =
            Pattern.compile("(?:env|vars|inputs|secrets|matrix)\\.([A-Za-z_][A-Za-z0-9_]*)");

    @Test
    void bothPipelinesRunTheSameTwoMavenCommands() throws IOException {
        List<String> github = lines(mavenCommands(Files.readString(GITHUB)));
        List<String> gitlab = lines(mavenCommands(Files.readString(GITLAB)));

        assertThat(github).as("the Maven commands of " + GITHUB).hasSize(2);
        assertThat(github.get(0)).isEqualTo("mvn -B install -DskipTests");
        assertThat(github.get(1)).startsWith("mvn -B verify -pl suite ");
        assertThat(gitlab).as("the Maven commands of " + GITLAB + " against those of " + GITHUB)
                .containsExactlyElementsOf(github);
    }

    @Test
    void everyParameterIsInTheCatalogueAndItsValueIsAccepted() throws IOException {
        for (Path pipeline : List.of(GITHUB, GITLAB)) {
            List<List<String>> commands = mavenCommands(Files.readString(pipeline));
            assertThat(commands).as(pipeline + " runs Maven").isNotEmpty();
            assertThat(problems(commands)).as("parameters of " + pipeline).isEmpty();
        }
    }

    @Test
    void theRunIsGatedOnCriteriaAndOnTheBaseline() throws IOException {
        for (Path pipeline : List.of(GITHUB, GITLAB)) {
            List<String> run = mavenCommands(Files.readString(pipeline)).get(1);
            assertThat(parameterNames(run)).as("the run of " + pipeline)
                    .contains("target", "criteria", "baseline", "baselineTolerance");
        }
    }

    @Test
    void theFirstRunWithNoBaselineYetPassesAnEmptyBaseline() {
        // Both pipelines pass -Dbaseline="$BASELINE", empty until the main branch has a passed run.
        assertThatCode(() -> ParameterCatalogue.STANDARD.get("baseline").check().check("baseline", ""))
                .doesNotThrowAnyException();
    }

    @Test
    @SuppressWarnings("unchecked")
    void bothKeepTheResultsAndPublishTheJUnitReport() throws IOException {
        Map<String, Object> gitlabJob = (Map<String, Object>) ((Map<String, Object>) yaml(Files.readString(GITLAB)))
                .get("esb-bench");
        Map<String, Object> artifacts = (Map<String, Object>) gitlabJob.get("artifacts");
        assertThat((List<String>) artifacts.get("paths")).contains("results/");
        assertThat(((Map<String, Object>) artifacts.get("reports")).get("junit")).isEqualTo(JUNIT);

        List<String> githubInputs = new ArrayList<>();
        Map<String, Object> jobs = (Map<String, Object>) ((Map<String, Object>) yaml(Files.readString(GITHUB)))
                .get("jobs");
        for (Object job : jobs.values()) {
            for (Object step : (List<Object>) ((Map<String, Object>) job).get("steps")) {
                Object with = ((Map<String, Object>) step).get("with");
                if (with instanceof Map<?, ?> inputs) {
                    inputs.values().forEach(v -> githubInputs.addAll(String.valueOf(v).lines().map(String::strip).toList()));
                }
            }
        }
        assertThat(githubInputs).as("the GitHub steps' inputs").contains("results/")
                .anyMatch(glob -> matches(glob, JUNIT));
    }

    private static boolean matches(String glob, String path) {
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + glob).matches(Path.of(path));
        } catch (IllegalArgumentException e) {
            return false; // not a glob: another input
        }
    }

    /** The test can fail: a misspelled parameter and a refused value are found, a CI variable's value is not judged. */
    @Test
    void aMisspelledParameterAndARefusedValueAreFound() {
        String pipeline = """
                job:
                  script:
                    - mvn -B verify -pl suite -Dscenario=direct -Dusers=ten -Dtarget="$TARGET" -Dwarmup=${WARMUP}
                """;

        List<String> problems = problems(mavenCommands(pipeline));

        assertThat(problems).hasSize(2);
        assertThat(problems.get(0)).startsWith("-Dscenario=direct: no parameter scenario");
        assertThat(problems.get(1)).startsWith("-Dusers=ten: ").contains("not a whole number");
    }

    /** Each system's spelling of a variable becomes the same placeholder; quotes, continuations, comments go. */
    @Test
    void theTwoSystemsVariablesReadAlike() {
        String github = """
                jobs:
                  bench:
                    steps:
                      - run: |
                          # the run
                          mvn -B verify -Dtarget=${{ env.TARGET }} \\
                            -Dcriteria='*:p99_ms<5' -Dbaseline="${BASELINE}" && echo done
                """;
        String gitlab = """
                job:
                  script:
                    - echo start; mvn -B verify -Dtarget="$TARGET" -Dcriteria="*:p99_ms<5" -Dbaseline=$BASELINE
                """;

        assertThat(lines(mavenCommands(github))).containsExactly(
                "mvn -B verify -Dtarget=${TARGET} -Dcriteria=*:p99_ms<5 -Dbaseline=${BASELINE}");
        assertThat(lines(mavenCommands(gitlab))).isEqualTo(lines(mavenCommands(github)));
    }

    // ---- reading the pipelines

    private static Object yaml(String text) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    /** Every {@code mvn} command of the pipeline's scripts, in order, as its words. */
    static List<List<String>> mavenCommands(String pipeline) {
        List<String> scripts = new ArrayList<>();
        collectScripts(yaml(pipeline), null, scripts);
        List<List<String>> commands = new ArrayList<>();
        for (String script : scripts) {
            for (List<String> command : Shell.commands(script)) {
                if (command.get(0).equals("mvn")) {
                    commands.add(command);
                }
            }
        }
        return commands;
    }

    private static void collectScripts(Object node, Object key, List<String> scripts) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> collectScripts(v, k, scripts));
        } else if (node instanceof List<?> list) {
            list.forEach(item -> collectScripts(item, key, scripts));
        } else if (node instanceof String script && SCRIPT_KEYS.contains(String.valueOf(key))) {
            scripts.add(script);
        }
    }

    private static List<String> lines(List<List<String>> commands) {
        return commands.stream().map(words -> String.join(" ", words)).toList();
    }

    private static List<String> parameterNames(List<String> command) {
        return command.stream().filter(w -> w.startsWith("-D")).map(w -> w.substring(2).split("=", 2)[0]).toList();
    }

    /**
     * What is wrong with the commands' {@code -Dname=value}s: a name the catalogue lacks, or a value its check
     * refuses (with the check's message). A value that holds a CI variable is known only when the pipeline runs.
     */
    static List<String> problems(List<List<String>> commands) {
        List<String> problems = new ArrayList<>();
        for (List<String> command : commands) {
            for (String word : command) {
                if (!word.startsWith("-D")) {
                    continue;
                }
                String[] nameValue = word.substring(2).split("=", 2);
                String name = nameValue[0];
                String value = nameValue.length == 2 ? nameValue[1] : "true";
                Optional<RunParameter> parameter = ParameterCatalogue.STANDARD.find(name);
                if (parameter.isEmpty()) {
                    problems.add(word + ": no parameter " + name + " in ParameterCatalogue.STANDARD (docs/parameters.md)");
                } else if (!PLACEHOLDER.matcher(value).find()) {
                    try {
                        parameter.get().check().check(name, value);
                    } catch (InvalidRunException e) {
                        problems.add(word + ": " + e.getMessage());
                    }
                }
            }
        }
        return problems;
    }

    /**
     * Splits a script into commands and words as a POSIX shell does, far enough for CI scripts: single and double
     * quotes, backslashes, line continuations, comments, and {@code ;}, {@code &&}, {@code ||}, {@code |} and line
     * ends between commands. Every variable reference ({@code $NAME}, {@code ${NAME}}, {@code ${NAME:-x}},
     * {@code $(...)}, and GitHub's {@code ${{ env.NAME }}}) becomes the placeholder {@code ${NAME}}.
     */
    static final class Shell {
        private final String text;
        private int at;

        private Shell(String text) {
            this.text = text;
        }

        static List<List<String>> commands(String script) {
            Matcher m = GITHUB_EXPRESSION.matcher(script);
            StringBuilder text = new StringBuilder();
            while (m.find()) {
                Matcher context = GITHUB_CONTEXT_VARIABLE.matcher(m.group(1));
                String name = context.matches() ? context.group(1) : m.group(1);
                m.appendReplacement(text, Matcher.quoteReplacement("${" + name + "}"));
            }
            m.appendTail(text);
            return new Shell(text.toString()).split();
        }

        private List<List<String>> split() {
            List<List<String>> commands = new ArrayList<>();
            List<String> words = new ArrayList<>();
            StringBuilder word = null;
            while (at < text.length()) {
                char c = text.charAt(at);
                if (c == '\\' && at + 1 < text.length()) {
                    if (text.charAt(at + 1) != '\n') {
                        word = started(word).append(text.charAt(at + 1));
                    }
                    at += 2;
                } else if (c == '\'') {
                    int end = closing('\'');
                    word = started(word).append(text, at + 1, end);
                    at = end + 1;
                } else if (c == '"') {
                    word = started(word);
                    doubleQuoted(word);
                } else if (c == '$') {
                    word = started(word).append(variable());
                } else if (c == '#' && word == null) {
                    int end = text.indexOf('\n', at);
                    at = end < 0 ? text.length() : end;
                } else if (c == '\n' || c == ';' || c == '&' || c == '|') {
                    endWord(words, word);
                    word = null;
                    if (!words.isEmpty()) {
                        commands.add(List.copyOf(words));
                        words.clear();
                    }
                    at++;
                } else if (Character.isWhitespace(c)) {
                    endWord(words, word);
                    word = null;
                    at++;
                } else {
                    word = started(word).append(c);
                    at++;
                }
            }
            endWord(words, word);
            if (!words.isEmpty()) {
                commands.add(List.copyOf(words));
            }
            return commands;
        }

        private void doubleQuoted(StringBuilder word) {
            int start = at;
            at++;
            while (at < text.length() && text.charAt(at) != '"') {
                char c = text.charAt(at);
                if (c == '\\' && at + 1 < text.length() && "$`\"\\\n".indexOf(text.charAt(at + 1)) >= 0) {
                    if (text.charAt(at + 1) != '\n') {
                        word.append(text.charAt(at + 1));
                    }
                    at += 2;
                } else if (c == '$') {
                    word.append(variable());
                } else {
                    word.append(c);
                    at++;
                }
            }
            if (at >= text.length()) {
                throw new IllegalArgumentException("unterminated \" from: " + text.substring(start));
            }
            at++;
        }

        /** The placeholder of the variable reference at {@code at}, which it moves past. */
        private String variable() {
            int start = at;
            at++;
            if (at >= text.length()) {
                return "$";
            }
            char c = text.charAt(at);
            if (c == '{') {
                int end = closing('}');
                at = end + 1;
                String inner = text.substring(start + 2, end);
                Matcher name = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*").matcher(inner);
                return "${" + (name.lookingAt() ? name.group() : inner) + "}";
            }
            if (c == '(') {
                int depth = 0;
                for (; at < text.length(); at++) {
                    depth += text.charAt(at) == '(' ? 1 : text.charAt(at) == ')' ? -1 : 0;
                    if (depth == 0) {
                        break;
                    }
                }
                if (at >= text.length()) {
                    throw new IllegalArgumentException("unterminated $( from: " + text.substring(start));
                }
                at++;
                return "${" + text.substring(start, at) + "}";
            }
            int end = at;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
            if (end == at) {
                return "$"; // a lone $ is itself
            }
            at = end;
            return "${" + text.substring(start + 1, end) + "}";
        }

        private int closing(char quote) {
            int end = text.indexOf(quote, at + 1);
            if (end < 0) {
                throw new IllegalArgumentException("unterminated " + quote + " from: " + text.substring(at));
            }
            return end;
        }

        private static StringBuilder started(StringBuilder word) {
            return word == null ? new StringBuilder() : word;
        }

        private static void endWord(List<String> words, StringBuilder word) {
            if (word != null) {
                words.add(word.toString());
            }
        }
    }
}
