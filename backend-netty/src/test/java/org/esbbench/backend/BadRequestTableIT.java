package org.esbbench.backend;

import org.esbbench.backend.testing.RawExchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 14, point 1, for the echo backend: every request gets an answer. A generated table (paths × methods ×
 * kinds of odd request) goes over raw sockets, all rows at once on 32 connections, so a stalled client visibly
 * blocks no one. Each row must get its status (the backend echoes any body: 200; it refuses only what HTTP/1.1
 * framing cannot carry), rejections close the connection, and afterwards the backend still echoes and its log
 * holds exactly one WARN line per rejected request.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BadRequestTableIT {

    /** The backend's idle timeout here: a half request is answered 408 after it (120 s by default). */
    private static final Duration IDLE = Duration.ofSeconds(1);

    enum Kind { ECHO, HEALTH, ANY }

    /** A path and method the backend serves, as a well-formed request would use them. */
    record Target(String path, String method, byte[] body, String contentType) {
        boolean health() {
            return path.equals("/health");
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /** The answer a row must get: status, what the body is, how many replies, whether the connection closes. */
    record Expected(int status, Kind kind, byte[] echoed, int replies, boolean closed) {
    }

    record Row(String name, Target target, byte[] request, Expected expected) {
        @Override
        public String toString() {
            return target + " / " + name;
        }
    }

    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static EchoServer server;
    private static List<Row> rows;
    private static final Map<Row, RawExchange.Outcome> OUTCOMES = new LinkedHashMap<>();
    private static long tableMillis;

    @BeforeAll
    static void start() throws Exception {
        PrintStream log = new PrintStream(LOG, true, StandardCharsets.UTF_8);
        // No rate limit here: the test counts one line per rejection (the limit has its own unit test).
        server = new EchoServer(BackendSettings.defaults().withPort(0).withIdleTimeout(IDLE))
                .withRejectionLog(new RejectionLog(() -> log, 100_000, false)).start();
        rows = table(server.port());
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            Map<Row, Future<RawExchange.Outcome>> futures = new LinkedHashMap<>();
            for (Row row : rows) {
                futures.put(row, pool.submit(() -> RawExchange.run(server.port(), row.request(),
                        row.expected().replies(), row.expected().closed(), 10_000)));
            }
            for (Map.Entry<Row, Future<RawExchange.Outcome>> entry : futures.entrySet()) {
                OUTCOMES.put(entry.getKey(), entry.getValue().get());
            }
        } finally {
            pool.shutdownNow();
        }
        tableMillis = (System.nanoTime() - start) / 1_000_000;
        System.err.println("backend bad-request table: " + rows.size() + " rows in " + tableMillis + " ms");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Order(1)
    @TestFactory
    Stream<DynamicTest> everyRowGetsItsAnswer() {
        return rows.stream().map(row -> DynamicTest.dynamicTest(row.toString(), () -> {
            RawExchange.Outcome outcome = OUTCOMES.get(row);
            Expected expected = row.expected();
            assertThat(outcome.error()).as("%s: read error after %s", row, outcome.replies()).isNull();
            assertThat(outcome.replies()).hasSize(expected.replies());
            for (RawExchange.Reply reply : outcome.replies()) {
                assertThat(reply.status()).as("%s: %s", row, reply.text()).isEqualTo(expected.status());
                switch (expected.kind()) {
                    case ECHO -> assertThat(reply.body()).as(row.toString()).isEqualTo(expected.echoed());
                    case HEALTH -> assertThat(reply.text()).as(row.toString()).isEqualTo("UP\n");
                    case ANY -> {
                    }
                }
                if (reply.status() >= 400) {
                    assertThat(reply.header("connection")).as(row + ": a rejection closes").isEqualTo("close");
                    assertThat(reply.text()).as(row + ": says why").isNotBlank();
                }
            }
            if (expected.closed()) {
                assertThat(outcome.closedAfter()).as("%s: connection closed after the reply", row).isTrue();
            }
        }));
    }

    @Order(2)
    @Test
    void theTableIsACoupleOfHundredRowsAndRanInSeconds() {
        assertThat(rows.size()).isGreaterThanOrEqualTo(200);
        assertThat(tableMillis).isLessThan(15_000);
    }

    @Order(3)
    @Test
    void theBackendStillEchoesAfterTheTable() {
        byte[] body = bytes("<still>echoing</still>");
        RawExchange.Outcome outcome = RawExchange.run(server.port(),
                request("POST", "/service/EchoService", "HTTP/1.1", Map.of("Content-Type", "text/xml"), body), 1, false, 5_000);
        assertThat(outcome.error()).isNull();
        assertThat(outcome.replies().get(0).status()).isEqualTo(200);
        assertThat(outcome.replies().get(0).body()).isEqualTo(body);
    }

    @Order(4)
    @Test
    void eachRejectionIsLoggedOnce() {
        Map<Integer, Long> rejected = OUTCOMES.values().stream().flatMap(o -> o.replies().stream())
                .filter(r -> r.status() >= 400)
                .collect(Collectors.groupingBy(RawExchange.Reply::status, TreeMap::new, Collectors.counting()));
        Pattern line = Pattern.compile("^backend-netty WARN: rejected \\S+ -> (\\d{3}): ");
        String log = LOG.toString(StandardCharsets.UTF_8);
        Map<Integer, Long> logged = log.lines().map(line::matcher).filter(Matcher::find)
                .collect(Collectors.groupingBy(m -> Integer.parseInt(m.group(1)), TreeMap::new, Collectors.counting()));
        // Lines that belong to no row's connection would be rejections nobody sent: name them.
        Map<Integer, Row> rowsByPort = new LinkedHashMap<>();
        OUTCOMES.forEach((row, outcome) -> rowsByPort.put(outcome.localPort(), row));
        List<String> strays = log.lines().filter(l -> {
            Matcher port = Pattern.compile("rejected /127\\.0\\.0\\.1:(\\d+) ").matcher(l);
            return port.find() && !rowsByPort.containsKey(Integer.parseInt(port.group(1)));
        }).toList();
        assertThat(strays).as("rejections logged for no row").isEmpty();
        assertThat(logged).as("WARN lines per status = rejected requests per status").isEqualTo(rejected);
        assertThat(log).doesNotContain("error on");
        assertThat(server.counters().badRequests() + server.counters().tooLarge())
                .isEqualTo(rejected.values().stream().mapToLong(Long::longValue).sum());
    }

    // ---- the table --------------------------------------------------------------------------------------

    static List<Target> targets() {
        byte[] soap = bytes("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><a>" + "x".repeat(900) + "</a></soapenv:Body></soapenv:Envelope>");
        byte[] json = bytes("{\"a\":\"" + "y".repeat(1000) + "\"}");
        return List.of(
                new Target("/service/EchoService", "POST", soap, "text/xml; charset=UTF-8"),
                new Target("/services/EchoService/json", "PUT", json, "application/json"),
                new Target("/health", "POST", bytes("ping"), "text/plain"),
                new Target("/any/where?x=1&y=%20", "PATCH", json, "application/json"),
                new Target("/", "DELETE", new byte[0], null));
    }

    private static Expected echo(Target t, byte[] body) {
        return new Expected(200, t.health() ? Kind.HEALTH : Kind.ECHO, body, 1, false);
    }

    private static Expected rejected(int status) {
        return new Expected(status, Kind.ANY, null, 1, true);
    }

    static List<Row> table(int port) {
        List<Row> rows = new ArrayList<>();
        byte[] nonUtf8 = {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, (byte) 0xa0, (byte) 0xa1};
        byte[] multipart = bytes("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.xml\"\r\n"
                + "Content-Type: text/xml\r\n\r\n<a/>\r\n--XyZ--\r\n");
        for (Target t : targets()) {
            String p = t.path();
            String m = t.method();
            Map<String, String> h = t.contentType() == null ? Map.of() : Map.of("Content-Type", t.contentType());
            byte[] valid = request(m, p, "HTTP/1.1", h, t.body());
            add(rows, t, "valid request", valid, echo(t, t.body()));
            add(rows, t, "form post of a bare word (curl -d x)", request(m, p, "HTTP/1.1",
                    Map.of("Content-Type", "application/x-www-form-urlencoded"), bytes("x")), echo(t, bytes("x")));
            add(rows, t, "form post of key=value pairs", request(m, p, "HTTP/1.1",
                    Map.of("Content-Type", "application/x-www-form-urlencoded"), bytes("a=b&c=%zz&d")), echo(t, bytes("a=b&c=%zz&d")));
            add(rows, t, "no Content-Type", request(m, p, "HTTP/1.1", Map.of(), t.body()), echo(t, t.body()));
            add(rows, t, "wrong Content-Type", request(m, p, "HTTP/1.1", Map.of("Content-Type", "image/png"), t.body()), echo(t, t.body()));
            add(rows, t, "unparseable Content-Type", request(m, p, "HTTP/1.1", Map.of("Content-Type", ";;=; charset=nope"), t.body()),
                    echo(t, t.body()));
            add(rows, t, "multipart body", request(m, p, "HTTP/1.1", Map.of("Content-Type", "multipart/form-data; boundary=XyZ"),
                    multipart), echo(t, multipart));
            add(rows, t, "malformed XML", request(m, p, "HTTP/1.1", h, bytes("<a><b></a>")), echo(t, bytes("<a><b></a>")));
            add(rows, t, "malformed JSON", request(m, p, "HTTP/1.1", h, bytes("{\"a\":")), echo(t, bytes("{\"a\":")));
            add(rows, t, "empty body", request(m, p, "HTTP/1.1", h, new byte[0]), echo(t, new byte[0]));
            add(rows, t, "non-UTF-8 body", request(m, p, "HTTP/1.1", h, nonUtf8), echo(t, nonUtf8));
            add(rows, t, "chunked body", chunked(m, p, h, t.body()), echo(t, t.body()));
            // Both framings at once is how requests are smuggled past proxies: refused (RFC 9112 6.3).
            add(rows, t, "chunked body and a Content-Length", chunked(m, p, with(h, "Content-Length", "3"), t.body()),
                    rejected(400));
            add(rows, t, "unknown Transfer-Encoding", concat(head(m, p, "HTTP/1.1", with(h, "Transfer-Encoding", "gzip")),
                    bytes("abc")), rejected(400));
            add(rows, t, "bad chunk size", concat(head(m, p, "HTTP/1.1", with(h, "Transfer-Encoding", "chunked")),
                    bytes("zz\r\nabc\r\n0\r\n\r\n")), rejected(400));
            add(rows, t, "truncated chunked body, then a stall", concat(head(m, p, "HTTP/1.1", with(h, "Transfer-Encoding", "chunked")),
                    bytes("400\r\nabc")), rejected(408));
            add(rows, t, "half a body, then a stall", concat(head(m, p, "HTTP/1.1", with(h, "Content-Length", "1000")),
                    bytes("<soapenv:Env")), rejected(408));
            add(rows, t, "huge Content-Length, short body", concat(head(m, p, "HTTP/1.1", with(h, "Content-Length", "1000000000")),
                    bytes("<a/>")), rejected(413));
            add(rows, t, "half a request line, then a stall", bytes(m + " " + p.substring(0, Math.min(2, p.length()))), rejected(408));
            add(rows, t, "headers without their end, then a stall", bytes(m + " " + p + " HTTP/1.1\r\nHost: x\r\n"), rejected(408));
            add(rows, t, "oversized header (70 KiB)", request(m, p, "HTTP/1.1", with(h, "X-Big", "b".repeat(70_000)), t.body()),
                    rejected(431));
            add(rows, t, "very long URI (10 KiB)", request(m, p + (p.contains("?") ? "&" : "?") + "q=" + "u".repeat(10_000),
                    "HTTP/1.1", h, t.body()), rejected(414));
            add(rows, t, "HTTP/1.0 without keep-alive", request(m, p, "HTTP/1.0", h, t.body()),
                    new Expected(200, t.health() ? Kind.HEALTH : Kind.ECHO, t.body(), 1, true));
            byte[] keepAlive10 = request(m, p, "HTTP/1.0", with(h, "Connection", "keep-alive"), t.body());
            add(rows, t, "HTTP/1.0 keep-alive, two requests", concat(keepAlive10, keepAlive10),
                    new Expected(200, t.health() ? Kind.HEALTH : Kind.ECHO, t.body(), 2, false));
            add(rows, t, "three pipelined requests", concat(valid, valid, valid),
                    new Expected(200, t.health() ? Kind.HEALTH : Kind.ECHO, t.body(), 3, false));
            add(rows, t, "unknown method", request("BREW", p, "HTTP/1.1", h, t.body()), echo(t, t.body()));
            add(rows, t, "method with a character not allowed in a token", request("PO(ST", p, "HTTP/1.1", h, t.body()), rejected(400));
            add(rows, t, "absolute-URI request line", request(m, "http://127.0.0.1:" + port + p, "HTTP/1.1", h, t.body()),
                    echo(t, t.body()));
            add(rows, t, "Expect: 100-continue", request(m, p, "HTTP/1.1", with(h, "Expect", "100-continue"), t.body()),
                    echo(t, t.body()));
            add(rows, t, "unknown Expect", request(m, p, "HTTP/1.1", with(h, "Expect", "tea"), t.body()), rejected(417));
            add(rows, t, "two different Content-Lengths", concat(head(m, p, "HTTP/1.1",
                    with(h, "Content-Length", "4\r\nContent-Length: 5")), bytes("<a/>")), rejected(400));
            add(rows, t, "Content-Length not a number", concat(head(m, p, "HTTP/1.1", with(h, "Content-Length", "four")),
                    bytes("<a/>")), rejected(400));
            add(rows, t, "negative Content-Length", concat(head(m, p, "HTTP/1.1", with(h, "Content-Length", "-4")),
                    bytes("<a/>")), rejected(400));
            add(rows, t, "non-UTF-8 bytes in the query", concat(bytes(m + " " + p + (p.contains("?") ? "&" : "?") + "q="), nonUtf8,
                    bytes(" HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")), echo(t, new byte[0]));
            add(rows, t, "TLS handshake on the plain port", new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01,
                    (byte) 0xfc, 0x03, 0x03, '\r', '\n', '\r', '\n'}, rejected(400));
            add(rows, t, "HTTP/2.0 in the request line", request(m, p, "HTTP/2.0", h, t.body()), rejected(505));
            add(rows, t, "not a version in the request line", request(m, p, "HTTQ/1.1", h, t.body()), rejected(400));
            add(rows, t, "header line without a colon", concat(head(m, p, "HTTP/1.1", with(h, "X-Broken", "x\r\nno colon here")),
                    bytes("")), rejected(400));
            // The health path is never delayed, so it never reads the delay header.
            add(rows, t, "X-Echo-Delay-Ms not a number", request(m, p, "HTTP/1.1", with(h, DelayHeader.NAME, "soon"), t.body()),
                    t.health() ? echo(t, t.body()) : rejected(400));
            add(rows, t, "X-Echo-Delay-Ms over its maximum", request(m, p, "HTTP/1.1", with(h, DelayHeader.NAME, "700000"), t.body()),
                    t.health() ? echo(t, t.body()) : rejected(400));
            add(rows, t, "space before the colon of a header", concat(head(m, p, "HTTP/1.1", with(h, "X-Spaced : x\r\nX-A", "b")),
                    bytes("")), rejected(400));
            add(rows, t, "empty lines before the request", concat(bytes("\r\n\r\n"), valid), echo(t, t.body()));
        }
        return rows;
    }

    private static void add(List<Row> rows, Target target, String name, byte[] request, Expected expected) {
        rows.add(new Row(name, target, request, expected));
    }

    private static Map<String, String> with(Map<String, String> headers, String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return h;
    }

    static byte[] request(String method, String target, String version, Map<String, String> headers, byte[] body) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.putIfAbsent("Content-Length", Integer.toString(body.length));
        return concat(head(method, target, version, h), body);
    }

    static byte[] head(String method, String target, String version, Map<String, String> headers) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(' ').append(version).append("\r\n");
        head.append("Host: 127.0.0.1\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        return bytes(head.append("\r\n").toString());
    }

    /** Two chunks (or one, or none: a zero-size chunk would end the body early), then the last chunk. */
    private static byte[] chunked(String method, String path, Map<String, String> headers, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head(method, path, "HTTP/1.1", with(headers, "Transfer-Encoding", "chunked")));
        int half = body.length / 2;
        for (byte[] piece : List.of(Arrays.copyOfRange(body, 0, half), Arrays.copyOfRange(body, half, body.length))) {
            if (piece.length > 0) {
                out.writeBytes(bytes(Integer.toHexString(piece.length) + "\r\n"));
                out.writeBytes(piece);
                out.writeBytes(bytes("\r\n"));
            }
        }
        out.writeBytes(bytes("0\r\n\r\n"));
        return out.toByteArray();
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
