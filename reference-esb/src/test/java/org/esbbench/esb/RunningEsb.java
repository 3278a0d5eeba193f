package org.esbbench.esb;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;

/**
 * The real echo backend and the reference server in this JVM, on free loopback ports, plus an HTTP
 * client for the scenarios. One per test class: starting Camel and the broker takes seconds.
 */
final class RunningEsb implements AutoCloseable {

    static final Path KEYSTORES = Path.of(System.getProperty("esb.keystore.dir", "../config/keystores"));

    final EchoServer backend;
    final EsbServer esb;
    final int httpPort;
    final String brokerUrl;
    final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private RunningEsb(EchoServer backend, EsbServer esb, int httpPort, String brokerUrl) {
        this.backend = backend;
        this.esb = esb;
        this.httpPort = httpPort;
        this.brokerUrl = brokerUrl;
    }

    /** @param settings extra settings (keys of reference-esb.properties) over the test defaults */
    static RunningEsb start(Map<String, String> settings) throws Exception {
        return start(settings, BrokerMode.EMBEDDED);
    }

    /** @param mode {@link BrokerMode#EXTERNAL} with an {@code esb.broker.url} in {@code settings}: a broker of the test's own */
    static RunningEsb start(Map<String, String> settings, BrokerMode mode) throws Exception {
        EchoServer backend = new EchoServer(BackendSettings.defaults().withPort(0)).start();
        try {
            int httpPort = freePort();
            String brokerUrl = "tcp://127.0.0.1:" + freePort();
            Map<String, String> overrides = new LinkedHashMap<>();
            overrides.put("esb.http.port", Integer.toString(httpPort));
            overrides.put("esb.broker.url", brokerUrl);
            overrides.put("esb.backend.url", "http://127.0.0.1:" + backend.port() + "/service/EchoService");
            overrides.put("esb.wssec.keystoreDir", KEYSTORES.toString());
            overrides.putAll(settings);
            EsbServer esb = EsbServer.start(EsbSettings.load(null, overrides), mode);
            return new RunningEsb(backend, esb, httpPort, overrides.get("esb.broker.url"));
        } catch (Exception | Error e) {
            backend.close();
            throw e;
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + httpPort + path);
    }

    /** A POST as the benchmark plans send it: the scenario's Content-Type, SOAPAction and routing header. */
    HttpRequest.Builder request(Scenario scenario, byte[] body) {
        return request(scenario, scenario.defaultEndpoint(), body);
    }

    /** The same POST to another path (and query) of the server. */
    HttpRequest.Builder request(Scenario scenario, String path, byte[] body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", scenario.payloadFormat().contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (scenario.payloadFormat() == org.esbbench.core.PayloadFormat.SOAP) {
            builder.header("SOAPAction", Payloads.SOAP_ACTION)
                   .header(Payloads.ROUTING_HEADER, Payloads.ROUTING_VALUE);
        }
        return builder;
    }

    HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    HttpResponse<byte[]> post(Scenario scenario, byte[] body) throws IOException, InterruptedException {
        return send(request(scenario, body).build());
    }

    CompletableFuture<HttpResponse<byte[]>> postAsync(Scenario scenario, byte[] body) {
        return http.sendAsync(request(scenario, body).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() throws Exception {
        try {
            esb.close();
        } finally {
            backend.close();
        }
    }
}
