package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.camel.ServiceStatus;
import org.apache.camel.main.Main;
import org.esbbench.backend.BackendSettings;
import org.esbbench.backend.EchoServer;
import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.esb.broker.EmbeddedBroker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the standalone Camel application the project ships as a target profile (config/targets/camel: the
 * routes in Camel's XML DSL, the stylesheets, application.properties) with Camel Main, exactly as a user
 * would, against the real echo backend and an Artemis broker, and checks every scenario the profile
 * (config/targets/camel.properties) lists with the suite's own reply checks, plus the faults of the
 * content-based routes. Only what must differ on a test machine is overridden: the ports (free ones) and
 * the folders the routes and stylesheets are read from (absolute, since the test does not run from the
 * application's folder).
 */
class StandaloneCamelRoutesIT {

    static final Path APPLICATION = Path.of(System.getProperty("camel.target.dir", "../config/targets/camel"))
            .toAbsolutePath().normalize();
    static final Path PROFILE = APPLICATION.resolveSibling("camel.properties");

    private static final int[] SIZES = {512, 10 * 1024, 100 * 1024};
    private static final long RECEIVE_TIMEOUT_MS = 30_000;

    private static Properties profile;
    private static EchoServer backend;
    private static EmbeddedBroker broker;
    private static Main camel;
    private static int port;
    private static String brokerUrl;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @BeforeAll
    static void start() throws Exception {
        profile = loadProfile();
        backend = new EchoServer(BackendSettings.defaults().withPort(0)).start();
        brokerUrl = "tcp://127.0.0.1:" + RunningEsb.freePort();
        broker = EmbeddedBroker.start(brokerUrl, false, null, List.of(profile.getProperty("endpoint.jms", "perf.request")));
        port = RunningEsb.freePort();

        camel = new Main();
        camel.setPropertyPlaceholderLocations("file:" + APPLICATION.resolve("application.properties"));
        camel.addOverrideProperty("port", Integer.toString(port));
        camel.addOverrideProperty("backend.url", "http://127.0.0.1:" + backend.port() + "/service/EchoService");
        camel.addOverrideProperty("broker.url", brokerUrl);
        camel.addOverrideProperty("xslt.dir", APPLICATION.resolve("xslt").toString());
        camel.addOverrideProperty("camel.main.routes-include-pattern", "file:" + APPLICATION.resolve("routes") + "/*.xml");
        camel.start();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (camel != null) {
                camel.stop();
            }
        } finally {
            try {
                if (broker != null) {
                    broker.close();
                }
            } finally {
                if (backend != null) {
                    backend.close();
                }
            }
        }
    }

    @Test
    void everyRouteOfTheApplicationIsStartedAndTheProfileListsExactlyThem() {
        List<String> routes = camel.getCamelContext().getRoutes().stream().map(r -> r.getRouteId()).sorted().toList();
        for (String route : routes) {
            assertThat(camel.getCamelContext().getRouteController().getRouteStatus(route)).isEqualTo(ServiceStatus.Started);
        }
        assertThat(routes).containsExactlyInAnyOrderElementsOf(profileScenarios());
    }

    static Stream<Arguments> httpScenariosAndSizes() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (String id : loadProfile().getProperty("scenarios").split(",")) {
            Scenario scenario = Scenario.byId(id.trim());
            if (scenario.isHttp()) {
                for (int size : SIZES) {
                    cases.add(Arguments.of(scenario, size));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} B")
    @MethodSource("httpScenariosAndSizes")
    void replyIsCorrect(Scenario scenario, int size) throws Exception {
        byte[] payload = Payloads.of(scenario.payloadFormat(), size);

        HttpResponse<byte[]> reply = send(request(scenario, payload).build());

        assertThat(ReplyChecks.forScenario(scenario, payload).check(reply.statusCode(), reply.body()))
                .as("%s reply: %s", scenario.id(), preview(reply.body())).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("httpScenarios")
    void fiftyConcurrentRequestsAllGetCorrectReplies(Scenario scenario) throws Exception {
        byte[] payload = Payloads.of(scenario.payloadFormat(), 1024);
        ReplyCheck check = ReplyChecks.forScenario(scenario, payload);
        List<CompletableFuture<HttpResponse<byte[]>>> replies = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            replies.add(HTTP.sendAsync(request(scenario, payload).build(), HttpResponse.BodyHandlers.ofByteArray()));
        }
        CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);

        for (CompletableFuture<HttpResponse<byte[]>> future : replies) {
            HttpResponse<byte[]> reply = future.get();
            assertThat(check.check(reply.statusCode(), reply.body())).isNull();
        }
    }

    static Stream<Scenario> httpScenarios() throws IOException {
        return httpScenariosAndSizes().map(a -> (Scenario) a.get()[0]).distinct();
    }

    @Test
    void cbrBodyRefusesAnOrderThatIsNotForIbmWithoutCallingTheBackend() throws Exception {
        long backendRequests = backend.counters().requests();

        HttpResponse<byte[]> reply = send(request(Scenario.CBR_BODY, Payloads.soapFirstSymbolNotIbm(1024)).build());

        assertThat(FaultReplies.soapFault(reply, 500)).isEqualTo("soapenv:Client: First order must be for the symbol IBM");
        assertThat(backend.counters().requests()).isEqualTo(backendRequests);
    }

    @Test
    void cbrSoapHeaderRefusesAWrongOrMissingRoutingBlock() throws Exception {
        for (byte[] payload : List.of(Payloads.soapWithWrongRouting(1024), Payloads.soapWithoutRoutingHeader(1024))) {
            HttpResponse<byte[]> reply = send(request(Scenario.CBR_SOAP_HEADER, payload).build());

            assertThat(FaultReplies.soapFault(reply, 500)).isEqualTo("soapenv:Client: Invalid routing header");
        }
    }

    @Test
    void cbrTransportHeaderRefusesAWrongOrMissingRoutingHeader() throws Exception {
        byte[] payload = Payloads.soap(1024);
        HttpRequest wrong = request(Scenario.CBR_TRANSPORT_HEADER, payload)
                .setHeader(Payloads.ROUTING_HEADER, Payloads.WRONG_ROUTING_VALUE).build();
        HttpRequest missing = HttpRequest.newBuilder(uri(Scenario.CBR_TRANSPORT_HEADER))
                .header("Content-Type", PayloadFormat.SOAP.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(payload)).build();

        for (HttpRequest request : List.of(wrong, missing)) {
            assertThat(FaultReplies.soapFault(send(request), 500)).isEqualTo("soapenv:Client: Invalid routing header");
        }
    }

    @Test
    void soapRefusesAMustUnderstandHeaderItDoesNotKnow() throws Exception {
        String payload = new String(Payloads.soap(1024), StandardCharsets.UTF_8).replace("<soapenv:Header>",
                "<soapenv:Header><t:tx xmlns:t=\"urn:unknown\" soapenv:mustUnderstand=\"1\">1</t:tx>");

        HttpResponse<byte[]> reply = send(request(Scenario.SOAP, payload.getBytes(StandardCharsets.UTF_8)).build());

        assertThat(FaultReplies.soapFault(reply, 500)).startsWith("soapenv:MustUnderstand:");
    }

    @Test
    void malformedJsonIsABadRequest() throws Exception {
        HttpResponse<byte[]> reply = send(request(Scenario.REST, Payloads.malformedJson(1024)).build());

        assertThat(reply.statusCode()).isEqualTo(400);
        assertThat(new String(reply.body(), StandardCharsets.UTF_8)).contains("Malformed JSON");
    }

    @Test
    void jmsRequestGetsItsEchoOnItsReplyToWithItsCorrelationId() throws Exception {
        assertThat(profileScenarios()).contains(Scenario.JMS.id());
        byte[] payload = Payloads.soap(10 * 1024);
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(brokerUrl);
             Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replyTo = session.createTemporaryQueue();
            TextMessage request = session.createTextMessage(new String(payload, StandardCharsets.UTF_8));
            request.setJMSReplyTo(replyTo);
            request.setJMSCorrelationID("standalone-camel-1");
            session.createProducer(session.createQueue(profile.getProperty("endpoint.jms", "perf.request"))).send(request);

            Message reply = session.createConsumer(replyTo).receive(RECEIVE_TIMEOUT_MS);

            assertThat(reply).as("reply within %d ms", RECEIVE_TIMEOUT_MS).isInstanceOf(TextMessage.class);
            assertThat(reply.getJMSCorrelationID()).isEqualTo("standalone-camel-1");
            byte[] body = ((TextMessage) reply).getText().getBytes(StandardCharsets.UTF_8);
            assertThat(ReplyChecks.forScenario(Scenario.JMS, payload).check(200, body)).isNull();
        }
    }

    private static List<String> profileScenarios() {
        return Arrays.stream(profile.getProperty("scenarios").split(",")).map(String::trim).toList();
    }

    private static Properties loadProfile() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(PROFILE)) {
            properties.load(in);
        }
        return properties;
    }

    /** The profile's endpoint of the scenario (its classic path when the profile names none). */
    private static URI uri(Scenario scenario) {
        String path = profile.getProperty("endpoint." + scenario.id(), scenario.defaultEndpoint());
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** A POST as the benchmark plans send it: the scenario's Content-Type, SOAPAction and routing header. */
    private static HttpRequest.Builder request(Scenario scenario, byte[] body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri(scenario))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", scenario.payloadFormat().contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (scenario.payloadFormat() == PayloadFormat.SOAP) {
            builder.header("SOAPAction", Payloads.SOAP_ACTION)
                   .header(Payloads.ROUTING_HEADER, Payloads.ROUTING_VALUE);
        }
        return builder;
    }

    private static HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String preview(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() > 400 ? text.substring(0, 400) + "..." : text;
    }
}
