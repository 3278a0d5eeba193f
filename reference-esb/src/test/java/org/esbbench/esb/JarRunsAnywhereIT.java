package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, point 2: the jar started from a folder that is not the project root (an empty temporary folder as
 * its working directory) and without --keystore-dir must start, and answer a WS-Security request with a reply
 * signed and encrypted with the keystores built into it; {@code --help} names where each file comes from.
 */
class JarRunsAnywhereIT {

    private static final Path JAR = Path.of(System.getProperty("reference.esb.jar", "target/reference-esb.jar"))
            .toAbsolutePath();

    @Test
    void startsFromAnEmptyFolderAndSecuresWithTheBundledKeystores(@TempDir Path cwd) throws Exception {
        assertThat(JAR).as("shaded jar (built by the package phase)").isRegularFile();
        Path output = Files.createTempFile("reference-esb-anywhere", ".out");
        int httpPort = RunningEsb.freePort();
        try (EchoServer backend = new EchoServer(BackendSettings.defaults().withPort(0)).start()) {
            Process process = new ProcessBuilder(List.of(JarProcessIT.javaBinary(), "-Xmx256m", "-jar", JAR.toString(),
                    "--port", Integer.toString(httpPort),
                    "--backend-url", "http://127.0.0.1:" + backend.port() + "/service/EchoService",
                    "--broker-url", "tcp://127.0.0.1:" + RunningEsb.freePort()))
                    .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            try {
                HttpClient http = HttpClient.newHttpClient();
                JarProcessIT.awaitHealthy(http, httpPort, process, output);

                // The client holds the project's own copies: the server's bundled ones must be the same keys.
                WsSecurityParty client = WsSecurityParty.client(RunningEsb.KEYSTORES, AlgorithmSuite.MODERN);
                byte[] plain = Payloads.soap(1024);
                HttpResponse<byte[]> reply = http.send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + httpPort + Scenario.WS_SECURITY.defaultEndpoint()))
                        .header("Content-Type", "text/xml; charset=UTF-8")
                        .header("SOAPAction", Payloads.SOAP_ACTION)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(client.secure(plain))).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(ReplyChecks.forWsSecurity(plain, client).check(reply.statusCode(), reply.body()))
                        .as("ws-security reply: %s", new String(reply.body(), java.nio.charset.StandardCharsets.UTF_8))
                        .isNull();
                assertThat(Files.readString(output)).contains("keystores " + BundledKeystores.DESCRIPTION);
            } finally {
                process.destroy();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
            }
        } finally {
            Files.deleteIfExists(output);
        }
        try (var left = Files.list(cwd)) {
            assertThat(left).as("nothing written to the working directory").isEmpty();
        }
    }

    @Test
    void helpNamesWhereEachFileComesFrom(@TempDir Path cwd) throws Exception {
        Process process = new ProcessBuilder(JarProcessIT.javaBinary(), "-jar", JAR.toString(), "--help")
                .directory(cwd.toFile()).redirectErrorStream(true).start();
        String help = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(help).contains("Where each file comes from",
                "keystores    client.p12 and server.p12 built into the jar", "or --keystore-dir DIR",
                "settings     reference-esb.properties built into the jar", "--config FILE",
                "stylesheets  xslt/request.xsl and xslt/reply.xsl built into the jar", "esb.broker.dataDir=DIR");
    }
}
