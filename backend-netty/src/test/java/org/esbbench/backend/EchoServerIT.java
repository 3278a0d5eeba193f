package org.esbbench.backend;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The echo contract on real loopback sockets: bytes, headers, keep-alive, chunking, health, TLS, rejections. */
class EchoServerIT {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private EchoServer server;

    private EchoServer start(BackendSettings settings) throws Exception {
        server = new EchoServer(settings.withPort(0)).start();
        return server;
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 512, 1024, 100 * 1024, 10 * 1024 * 1024})
    void echoesBodyByteForByteWithItsContentType(int size) throws Exception {
        start(BackendSettings.defaults());
        byte[] body = new byte[size];
        new Random(size).nextBytes(body);

        HttpResponse<byte[]> reply = CLIENT.send(HttpRequest.newBuilder(uri("/service/EchoService"))
                        .header("Content-Type", "application/octet-stream; x=" + size)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo(body);
        assertThat(reply.headers().firstValue("Content-Type")).hasValue("application/octet-stream; x=" + size);
        assertThat(server.counters().bytesIn()).isEqualTo(size);
        assertThat(server.counters().bytesOut()).isEqualTo(size);
    }

    @Test
    void echoesAnyMethodAndPath() throws Exception {
        start(BackendSettings.defaults());
        HttpResponse<String> put = CLIENT.send(HttpRequest.newBuilder(uri("/any/where?x=1"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .PUT(HttpRequest.BodyPublishers.ofString("<a/>")).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> get = CLIENT.send(HttpRequest.newBuilder(uri("/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(put.body()).isEqualTo("<a/>");
        assertThat(put.headers().firstValue("Content-Type")).hasValue("text/xml; charset=UTF-8");
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(get.body()).isEmpty();
    }

    /** Apache Synapse 3.0.1 finds a reply's content type only under this exact spelling (EchoHandler). */
    @Test
    void spellsItsHeaderNamesAsMostServersDo() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            RawHttpConnection.Reply reply = connection.post("/service/EchoService", "application/json",
                    "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.headerNames()).contains("Content-Type", "Content-Length");
            assertThat(reply.header("Content-Type")).isEqualTo("application/json");
        }
    }

    @Test
    void echoesAHundredMebibyteBodyUnderTheDefaultLimit() throws Exception {
        start(BackendSettings.defaults());
        byte[] body = new byte[100 * 1024 * 1024];
        new Random(7).nextBytes(body);
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            RawHttpConnection.Reply reply = connection.post("/big", "application/octet-stream", body);
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo(body);
        }
    }

    @Test
    void echoesAChunkedUploadAsOneBody() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send("POST /chunked HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n");
            connection.send("5\r\nhello\r\n");
            connection.send("1\r\n \r\n");
            connection.send("5\r\nworld\r\n0\r\n\r\n");

            RawHttpConnection.Reply reply = connection.read();

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.text()).isEqualTo("hello world");
            assertThat(reply.header("Content-Length")).isEqualTo("11");
        }
    }

    @Test
    void answersTenThousandRequestsOnOneKeepAliveConnection() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            for (int i = 0; i < 10_000; i++) {
                byte[] body = ("request " + i).getBytes(StandardCharsets.UTF_8);
                RawHttpConnection.Reply reply = connection.post("/service/EchoService", "text/plain", body);
                assertThat(reply.status()).isEqualTo(200);
                assertThat(reply.body()).isEqualTo(body);
                assertThat(reply.header("Connection")).isNull();
            }
        }
        assertThat(server.counters().connections()).isEqualTo(1);
        assertThat(server.counters().requests()).isEqualTo(10_000);
    }

    @Test
    void answersPipelinedRequestsInOrderEvenWhenDelaysDiffer() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send("POST /a HTTP/1.1\r\nHost: x\r\nX-Echo-Delay-Ms: 300\r\nContent-Length: 5\r\n\r\nfirst"
                    + "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nsecond");
            assertThat(connection.read().text()).isEqualTo("first");
            assertThat(connection.read().text()).isEqualTo("second");
        }
    }

    @Test
    void honoursConnectionClose() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi");
            RawHttpConnection.Reply reply = connection.read();
            assertThat(reply.text()).isEqualTo("hi");
            assertThat(reply.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(connection.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void servesHttp10WithAndWithoutKeepAlive() throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send("POST / HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 3\r\n\r\none");
            RawHttpConnection.Reply kept = connection.read();
            assertThat(kept.text()).isEqualTo("one");
            assertThat(kept.header("Connection")).isEqualToIgnoringCase("keep-alive");

            connection.send("POST / HTTP/1.0\r\nContent-Length: 3\r\n\r\ntwo");
            RawHttpConnection.Reply last = connection.read();
            assertThat(last.text()).isEqualTo("two");
            assertThat(connection.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void healthAnswersAtOnceWhateverTheDelay() throws Exception {
        start(BackendSettings.defaults().withDelayMillis(5_000));
        long started = System.nanoTime();
        HttpResponse<String> reply = CLIENT.send(HttpRequest.newBuilder(uri("/health")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("UP\n");
        assertThat(millis).isLessThan(2_000);
    }

    @Test
    void delayHeaderOverridesTheConfiguredDelay() throws Exception {
        start(BackendSettings.defaults().withDelayMillis(3_000));
        long started = System.nanoTime();
        HttpResponse<String> reply = CLIENT.send(HttpRequest.newBuilder(uri("/"))
                .header(DelayHeader.NAME, "300").POST(HttpRequest.BodyPublishers.ofString("x")).build(),
                HttpResponse.BodyHandlers.ofString());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(millis).isBetween(300L, 2_500L);
    }

    @ParameterizedTest(name = "X-Echo-Delay-Ms: {0}")
    @ValueSource(strings = {"-1", "abc", "1.5", "600001", "99999999999999999999"})
    void rejectsAnOutOfRangeDelayHeaderWith400(String value) throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\n" + DelayHeader.NAME + ": " + value
                    + "\r\nContent-Length: 1\r\n\r\nx");
            RawHttpConnection.Reply reply = connection.read();
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.text()).contains(DelayHeader.NAME).contains(value);
        }
        assertThat(server.counters().badRequests()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "THIS IS NOT HTTP\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"})
    void answersMalformedHttpWith400AndCloses(String request) throws Exception {
        start(BackendSettings.defaults());
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            connection.send(request);
            RawHttpConnection.Reply reply = connection.read();
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(connection.closedByServer(5_000)).isTrue();
        }
        // The server is still fine for everyone else.
        HttpResponse<String> next = CLIENT.send(HttpRequest.newBuilder(uri("/"))
                .POST(HttpRequest.BodyPublishers.ofString("ok")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(next.body()).isEqualTo("ok");
    }

    @Test
    void answersADeclaredOversizedBodyWith413WithoutDisturbingOtherConnections() throws Exception {
        start(BackendSettings.defaults().withMaxBodyBytes(1024 * 1024).withDelayMillis(500));
        try (RawHttpConnection bystander = new RawHttpConnection(server.port());
             RawHttpConnection offender = new RawHttpConnection(server.port())) {
            bystander.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\npatient");

            offender.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + (2 * 1024 * 1024) + "\r\n\r\n");
            RawHttpConnection.Reply rejected = offender.read();
            assertThat(rejected.status()).isEqualTo(413);
            assertThat(rejected.text()).contains("2097152").contains("1048576");
            assertThat(offender.closedByServer(5_000)).isTrue();

            RawHttpConnection.Reply served = bystander.read();
            assertThat(served.status()).isEqualTo(200);
            assertThat(served.text()).isEqualTo("patient");
        }
        assertThat(server.counters().tooLarge()).isEqualTo(1);
    }

    @Test
    void answersAChunkedBodyThatGrowsPastTheLimitWith413() throws Exception {
        start(BackendSettings.defaults().withMaxBodyBytes(1000));
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.writeBytes("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 3; i++) {
                request.writeBytes(("1f4\r\n" + "x".repeat(500) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            connection.send(request.toByteArray());
            RawHttpConnection.Reply reply = connection.read();
            assertThat(reply.status()).isEqualTo(413);
            assertThat(connection.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void closesIdleConnections() throws Exception {
        start(BackendSettings.defaults().withIdleTimeout(Duration.ofMillis(500)));
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            assertThat(connection.post("/", "text/plain", new byte[]{1}).status()).isEqualTo(200);
            assertThat(connection.closedByServer(10_000)).isTrue();
        }
    }

    @Test
    void keepsAConnectionWhoseReplyIsStillDelayedPastTheIdleTimeout() throws Exception {
        start(BackendSettings.defaults().withIdleTimeout(Duration.ofMillis(300)).withDelayMillis(1_000));
        try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
            RawHttpConnection.Reply reply = connection.post("/", "text/plain", "late".getBytes(StandardCharsets.UTF_8));
            assertThat(reply.text()).isEqualTo("late");
        }
    }

    @Test
    void servesTlsWithTheDelayAppliedToo() throws Exception {
        start(BackendSettings.defaults().withTls(BackendSettings.Tls.selfSigned()).withDelayMillis(300));
        HttpClient tlsClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(trustAnything()).build();
        byte[] body = new byte[64 * 1024];
        new Random(3).nextBytes(body);

        long started = System.nanoTime();
        HttpResponse<byte[]> reply = tlsClient.send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/secure"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo(body);
        assertThat(millis).isGreaterThanOrEqualTo(300);
    }

    private static SSLContext trustAnything() throws Exception {
        TrustManager trustAll = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[]{trustAll}, null);
        return context;
    }
}
