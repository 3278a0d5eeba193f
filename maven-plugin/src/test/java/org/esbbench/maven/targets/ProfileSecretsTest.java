package org.esbbench.maven.targets;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.run.CurrentRun;
import org.esbbench.maven.run.CurrentRunPointer;
import org.esbbench.maven.run.RunFacts;
import org.esbbench.maven.run.RecordedRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.esbbench.maven.management.JmxOptions;
import org.esbbench.maven.management.Secret;
import org.esbbench.report.index.ResultsIndex;
import org.esbbench.report.run.AnalysisOptions;
import org.esbbench.report.run.RunAnalysis;
import org.esbbench.report.folder.RunLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Passwords of a target profile never reach the run's files: the run parameters and run.json show the profile with its
 * passwords hidden (an env: or file: reference shown as it is), the index page likewise, and the later goals read
 * the passwords again from the profile itself.
 */
class ProfileSecretsTest {
    private static final String JMX_PASSWORD = "jmx-Pw-5829-literal";
    private static final String TRUST_PASSWORD = "trust-Pw-1177-literal";
    private static final String KEYSTORE_PASSWORD = "keystore-Pw-3391-literal";
    private static final String FILE_PASSWORD = "from-a-File-Pw-6610";

    @TempDir
    Path dir;

    @Test
    void theRunPlanRunJsonAndIndexHideThePasswordsAndTheLaterGoalsReadThemFromTheProfile() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path targets = Files.createDirectories(dir.resolve("targets"));
        Files.writeString(targets.resolve("secured.properties"), String.join("\n",
                "start=false", "port=8290", "jmx=127.0.0.1:9999", "jmx.user=bench",
                "jmx.password=" + JMX_PASSWORD, "jmx.ssl=true", "jmx.truststore=trust.p12",
                "jmx.truststore.password=" + TRUST_PASSWORD, "keystore.password=" + KEYSTORE_PASSWORD,
                "other.secret=file:secret.txt", ""));
        Files.writeString(targets.resolve("trust.p12"), "not read by this test");
        Files.writeString(targets.resolve("secret.txt"), FILE_PASSWORD + "\n");
        TargetProfile profile = TargetProfile.load(targets, "secured");
        Map<String, String> parameters = new LinkedHashMap<>(RunParameters.DEFAULTS);
        parameters.putAll(Map.of("scenarios", "direct", "users", "1", "warmup", "3"));
        RunParameters plan = RunParameters.parse(parameters, root, root.resolve("jmx"));
        RunLayout layout = new RunLayout(dir.resolve("results/run-1"));
        RecordedRun.of(layout.runId(), Instant.parse("2026-11-23T20:00:00Z"), parameters, plan, profile, List.of(),
                "secured", RunFacts.of(root, plan, profile, new RunFacts.Versions("1", "5.6.3", "an external server")))
                .write(layout.runParameters());
        CurrentRunPointer pointer = new CurrentRunPointer(dir.resolve("target/esb-bench"));
        pointer.point(layout);

        TargetProfile later = CurrentRun.read(new CurrentRunPointer(dir.resolve("target/esb-bench")), root).profile();
        assertThat(later.properties()).isEqualTo(profile.properties());
        assertThat(new String(later.jmxOptions().password().orElseThrow().value())).isEqualTo(JMX_PASSWORD);

        // the analysis writes run.json (nothing was measured: it says so), the index page lists the run
        RunAnalysis.analyse(layout, AnalysisOptions.defaults(), line -> { });
        ResultsIndex.write(dir.resolve("results"));

        assertThat(layout.dir().resolve("run.json")).exists();
        String runPlan = Files.readString(layout.runParametersFile());
        assertThat(runPlan).contains("\"jmx.password\" : \"" + Secret.HIDDEN + "\"")
                .contains("\"other.secret\" : \"file:secret.txt\"").contains("\"jmx.user\" : \"bench\"");
        assertThat(filesHoldingSecrets(dir)).as("files of the results and the build's folder holding a password")
                .isEmpty();
    }

    @Test
    void aHiddenPasswordWhoseProfileIsGoneIsSaidClearly() throws Exception {
        java.util.Properties recorded = new java.util.Properties();
        recorded.setProperty("jmx.password", Secret.HIDDEN);
        assertThatThrownBy(() -> TargetProfile.withHiddenSecrets(recorded, dir.resolve("gone.properties")))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("hides jmx.password").hasMessageContaining("esb-bench:check");
    }

    @Test
    void passwordsComeFromTheEnvironmentAFileOrTheProfileAndNeverShowInMessages() throws Exception {
        Files.writeString(dir.resolve("pw.txt"), FILE_PASSWORD + "\nsecond line\n");
        assertThat(Secret.of("jmx.password", "file:pw.txt", dir).value()).isEqualTo(FILE_PASSWORD.toCharArray());
        assertThat(Secret.of("jmx.password", JMX_PASSWORD, dir).value()).isEqualTo(JMX_PASSWORD.toCharArray());
        assertThat(Secret.of("jmx.password", JMX_PASSWORD, dir)).hasToString("jmx.password=" + Secret.HIDDEN);
        assertThat(Secret.of("jmx.password", "env:ESB_BENCH_NO_SUCH_VARIABLE_42", dir).toString())
                .isEqualTo("jmx.password=env:ESB_BENCH_NO_SUCH_VARIABLE_42");
        assertThatThrownBy(() -> Secret.of("jmx.password", "env:ESB_BENCH_NO_SUCH_VARIABLE_42", dir).value())
                .hasMessageContaining("environment variable 'ESB_BENCH_NO_SUCH_VARIABLE_42' is not set");
        assertThatThrownBy(() -> Secret.of("jmx.password", "file:missing.txt", dir).value())
                .hasMessageContaining("cannot read " + dir.resolve("missing.txt"));
        assertThat(Secret.isSecretKey("jmx.truststore.password")).isTrue();
        assertThat(Secret.isSecretKey("keystore.Password")).isTrue();
        assertThat(Secret.isSecretKey("jmx.user")).isFalse();
    }

    @Test
    void checkRefusesAnUnsetVariableAndHalfGivenCredentialsBeforeAnyLoad() throws Exception {
        Files.writeString(dir.resolve("unset.properties"), "jmx=127.0.0.1:9999\njmx.user=bench\n"
                + "jmx.password=env:ESB_BENCH_NO_SUCH_VARIABLE_42\n");
        assertThatThrownBy(() -> TargetProfile.load(dir, "unset")).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("unset.properties").hasMessageContaining("is not set");
        Files.writeString(dir.resolve("half.properties"), "jmx=127.0.0.1:9999\njmx.user=bench\n");
        assertThatThrownBy(() -> TargetProfile.load(dir, "half")).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("jmx.user and jmx.password go together");
        Files.writeString(dir.resolve("notls.properties"), "jmx=127.0.0.1:9999\njmx.registry.ssl=true\n");
        assertThatThrownBy(() -> TargetProfile.load(dir, "notls")).isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("need jmx.ssl=true");
        Files.writeString(dir.resolve("plain.properties"), "jmx=127.0.0.1:9999\n");
        assertThat(TargetProfile.load(dir, "plain").jmxOptions()).isEqualTo(JmxOptions.NONE);
    }

    private static List<Path> filesHoldingSecrets(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals("secured.properties")
                            && !f.getFileName().toString().equals("secret.txt"))
                    .filter(f -> {
                        try {
                            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                            return Stream.of(JMX_PASSWORD, TRUST_PASSWORD, KEYSTORE_PASSWORD, FILE_PASSWORD)
                                    .anyMatch(text::contains);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).toList();
        }
    }
}
