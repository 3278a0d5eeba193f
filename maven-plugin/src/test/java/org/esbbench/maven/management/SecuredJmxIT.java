package org.esbbench.maven.management;

import org.esbbench.maven.monitor.MonitorLauncher;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.processes.ManagedProcess;
import org.esbbench.maven.targets.TargetProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.usage.GcSeries;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An external server's JMX agent with authentication and TLS (registry and connector), as a site would open it:
 * a password file, an access file and a keystore generated with keytool. The target profile's jmx.* keys reach it
 * from this JVM and from the run's monitor (a child JVM reading the profile itself); wrong credentials fail at
 * once with a message that names the keys to check and never the password.
 */
class SecuredJmxIT {
    private static final String USER = "benchRole";
    private static final String PASSWORD = "s3cret-Jmx-pw-7731";
    private static final String WRONG = "wrong-Jmx-pw-4409";
    private static final String SERVER_STORE_PASSWORD = "server-store-pw-5521";
    private static final String TRUST_PASSWORD = "trust-store-pw-8812";

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();
    private ManagedProcess monitor;
    private int port;

    @BeforeEach
    void startSecuredJvm() throws Exception {
        Path keystore = dir.resolve("server.p12");
        keytool("-genkeypair", "-alias", "jmx", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", SERVER_STORE_PASSWORD, "-keypass", SERVER_STORE_PASSWORD);
        keytool("-exportcert", "-alias", "jmx", "-keystore", keystore.toString(), "-storepass", SERVER_STORE_PASSWORD,
                "-file", dir.resolve("server.cer").toString());
        keytool("-importcert", "-noprompt", "-alias", "jmx", "-file", dir.resolve("server.cer").toString(),
                "-storetype", "PKCS12", "-keystore", dir.resolve("trust.p12").toString(), "-storepass", TRUST_PASSWORD);
        Path passwords = ownerOnly(dir.resolve("jmxremote.password"), USER + " " + PASSWORD + "\n");
        Path access = ownerOnly(dir.resolve("jmxremote.access"), USER + " readwrite\n");
        port = GarbageMakerJvm.freePort();
        Path classes = Path.of(GarbageMaker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m", "-Xmx64m",
                "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=true",
                "-Dcom.sun.management.jmxremote.password.file=" + passwords,
                "-Dcom.sun.management.jmxremote.access.file=" + access,
                "-Dcom.sun.management.jmxremote.ssl=true",
                "-Dcom.sun.management.jmxremote.registry.ssl=true",
                "-Djavax.net.ssl.keyStore=" + keystore,
                "-Djavax.net.ssl.keyStorePassword=" + SERVER_STORE_PASSWORD,
                "-Djavax.net.ssl.keyStoreType=PKCS12",
                "-cp", classes.toString(), GarbageMaker.class.getName(), "120");
        children.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start());
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (monitor != null) {
            monitor.stop(Duration.ofSeconds(10));
        }
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theProfilesCredentialsAndTruststoreRecordGcAndForceAFullCollection() throws Exception {
        TargetProfile profile = profile(PASSWORD);
        Path gcCsv = dir.resolve("gc.csv");
        try (ManagementConnection connection = ManagementConnection.connect(url(), profile.jmxOptions(), Duration.ofSeconds(60));
             GcRecording recording = GcRecording.start(connection, gcCsv, line -> { })) {
            assertThat(FullGc.run(connection, Duration.ofSeconds(20))).as("a full GC needs readwrite access").isTrue();
            assertThat(recording.isRecording()).isTrue();
        }
        assertThat(Files.readAllLines(gcCsv)).anyMatch(l -> l.contains("," + GcSeries.RECORDING_STARTED + ","));
    }

    @Test
    void theRunsMonitorReadsTheCredentialsFromTheProfileNotFromItsCommandLine() throws Exception {
        TargetProfile profile = profile(PASSWORD);
        RunLayout layout = new RunLayout(dir.resolve("run"));
        Files.createDirectories(layout.dir());
        List<String> command = MonitorLauncher.command(MonitorLauncher.classpath(getClass().getClassLoader()), layout,
                Optional.of(url()), Optional.of(profile.file()), true, Duration.ofSeconds(60));
        assertThat(String.join(" ", command)).doesNotContain(PASSWORD).doesNotContain(TRUST_PASSWORD);
        monitor = MonitorLauncher.start(command, layout);
        MonitorLauncher.awaitRecording(monitor, Duration.ofSeconds(90));
        assertThat(Files.readAllLines(layout.gc())).anyMatch(l -> l.contains("," + GcSeries.RECORDING_STARTED + ","));
        assertThat(monitor.stop(Duration.ofSeconds(20))).isTrue();
        monitor = null;
        assertThat(secretsIn(layout.dir())).isEmpty();
    }

    @Test
    void wrongCredentialsFailAtOnceNamingTheKeysButNotThePassword() throws Exception {
        TargetProfile profile = profile(WRONG);
        long start = System.nanoTime();
        assertThatThrownBy(() -> ManagementConnection.connect(url(), profile.jmxOptions(), Duration.ofSeconds(60)).close())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("refused the connection")
                .hasMessageContaining("jmx.user and jmx.password")
                .hasMessageContaining("user " + USER)
                .satisfies(e -> assertThat(fullText(e)).doesNotContain(WRONG).doesNotContain(PASSWORD)
                        .doesNotContain(TRUST_PASSWORD));
        // not retried until the 60 s deadline: a wrong password stays wrong (the agent may still be starting: 30 s)
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(40));
    }

    @Test
    void withoutTheTruststoreTheMonitorNamesTheTlsFailure() throws Exception {
        Files.writeString(dir.resolve("untrusted.properties"), "jmx=127.0.0.1:" + port + "\njmx.user=" + USER
                + "\njmx.password=" + PASSWORD + "\njmx.ssl=true\njmx.registry.ssl=true\n");
        // No truststore of its own: the JDK's authorities do not know the generated certificate. In the monitor, a
        // JVM of its own, because the RMI TLS socket factory keeps the first default SSL context a JVM gives it.
        TargetProfile profile = TargetProfile.load(dir, "untrusted");
        RunLayout layout = new RunLayout(dir.resolve("run"));
        Files.createDirectories(layout.dir());
        monitor = MonitorLauncher.start(MonitorLauncher.command(MonitorLauncher.classpath(getClass().getClassLoader()),
                layout, Optional.of(url()), Optional.of(profile.file()), true, Duration.ofSeconds(60)), layout);
        assertThatThrownBy(() -> MonitorLauncher.awaitRecording(monitor, Duration.ofSeconds(90)))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("TLS with the JMX agent")
                .hasMessageContaining("jmx.truststore")
                .satisfies(e -> assertThat(fullText(e)).doesNotContain(PASSWORD));
        monitor = null;
        assertThat(secretsIn(layout.dir())).isEmpty();
    }

    private TargetProfile profile(String password) throws Exception {
        Files.writeString(dir.resolve("jmx-password.txt"), password + "\n");
        Files.writeString(dir.resolve("secured.properties"), String.join("\n",
                "start=false",
                "jmx=127.0.0.1:" + port,
                "jmx.user=" + USER,
                "jmx.password=file:jmx-password.txt",
                "jmx.ssl=true",
                "jmx.registry.ssl=true",
                "jmx.truststore=trust.p12",
                "jmx.truststore.password=" + TRUST_PASSWORD, ""));
        return TargetProfile.load(dir, "secured");
    }

    private String url() {
        return ManagementAgentFlags.serviceUrl("127.0.0.1", port);
    }

    private static String fullText(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t).append('\n');
        }
        return all.toString();
    }

    /** Files of {@code dir} holding any of the test's passwords. */
    private static List<Path> secretsIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(f -> {
                try {
                    String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
                    return text.contains(PASSWORD) || text.contains(TRUST_PASSWORD);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    private static Path ownerOnly(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private static void keytool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("keytool %s: %s", List.of(args), out).isZero();
    }
}
