package org.esbbench.esb;

import org.esbbench.backend.testing.RawExchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 14, point 1: every request gets an answer. A generated table (every HTTP scenario and /health, times
 * each kind of odd request) is sent over raw sockets, all rows at once on 32 connections so a stalled client
 * visibly blocks no one. Each row must get its status and, for the server's own faults, the body kind of its
 * path (SOAP fault, JSON error, plain). Then every scenario must still serve, and the log must hold exactly one
 * line per rejected request and no stack trace.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BadRequestTableIT {

    /** Short, so the stall rows take seconds, not minutes. */
    private static final int STALL_MS = 1_000;

    enum Kind { SOAP, JSON, PLAIN, ECHO, ANY }

    /** A path of the server with what a well-formed request to it looks like. */
    record Target(String name, String path, String method, byte[] body, Map<String, String> headers, Kind faultKind,
                  int garbageStatus) {
    }

    /** How the request must be answered. */
    record Expected(int status, Kind kind, int replies, Boolean closed) {
        static Expected of(int status, Kind kind) {
            return new Expected(status, kind, 1, null);
        }
    }

    record Row(String name, Target target, byte[] request, Expected expected) {
        @Override
        public String toString() {
            return target.name() + " / " + name;
        }
    }

    private static final PrintStream ORIGINAL_ERR = System.err;
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static RunningEsb server;
    private static List<Row> rows;
    private static final Map<Row, RawExchange.Outcome> OUTCOMES = new LinkedHashMap<>();
    private static long tableMillis;

    @BeforeAll
    static void start() throws Exception {
        // slf4j-simple writes to whatever System.err is at the time of each line.
        System.setErr(new PrintStream(new TeeStream(ORIGINAL_ERR, LOG), true, StandardCharsets.UTF_8));
        server = RunningEsb.start(Map.of("esb.http.stallTimeoutMs", Integer.toString(STALL_MS)));
        rows = table(targets(), server.httpPort);
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            Map<Row, Future<RawExchange.Outcome>> futures = new LinkedHashMap<>();
            for (Row row : rows) {
                boolean checkClosed = row.expected().closed() != null && row.expected().closed();
                futures.put(row, pool.submit(() -> RawExchange.run(server.httpPort, row.request(),
                        row.expected().replies(), checkClosed, 20_000)));
            }
            for (Map.Entry<Row, Future<RawExchange.Outcome>> entry : futures.entrySet()) {
                OUTCOMES.put(entry.getKey(), entry.getValue().get());
            }
        } finally {
            pool.shutdownNow();
        }
        tableMillis = (System.nanoTime() - start) / 1_000_000;
        ORIGINAL_ERR.println("bad-request table: " + rows.size() + " rows in " + tableMillis + " ms");
    }

    @AfterAll
    static void stop() throws Exception {
        System.setErr(ORIGINAL_ERR);
        if (server != null) {
            server.close();
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
                assertKind(row, reply, expected.kind());
            }
            if (expected.closed() != null && expected.closed()) {
                assertThat(outcome.closedAfter()).as("%s: connection closed after the reply", row).isTrue();
            }
        }));
    }

    @Order(2)
    @Test
    void theTableIsAFewHundredRowsAndRanWellUnderHalfAMinute() {
        assertThat(rows.size()).isGreaterThanOrEqualTo(250);
        assertThat(tableMillis).isLessThan(30_000);
    }

    /**
     * A client that resets its connection (SO_LINGER 0) part-way through a request, or after sending it
     * whole, is no rejection: nothing is answered and nothing is logged at WARN (the log check below counts
     * every WARN line against a reply the table saw). Before the fix Camel logged the reset's exception and
     * a 404 sent to nobody.
     */
    @Order(3)
    @Test
    void aClientThatResetsItsConnectionIsNeitherAnsweredNorLogged() throws Exception {
        String before = LOG.toString(StandardCharsets.UTF_8);
        for (Target target : targets()) {
            byte[] whole = request(target, target.method(), target.path(), "HTTP/1.1", target.headers(), target.body());
            for (int cut : new int[] {whole.length / 3, whole.length}) {
                try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.httpPort)) {
                    socket.setSoLinger(true, 0);
                    socket.getOutputStream().write(whole, 0, cut);
                    socket.getOutputStream().flush();
                    Thread.sleep(20);
                }
            }
        }
        Thread.sleep(500);
        String during = LOG.toString(StandardCharsets.UTF_8).substring(before.length());
        assertThat(during.lines().filter(l -> l.contains("[WARN]") || l.contains("[ERROR]")).toList())
                .as("lines logged for connections the clients reset").isEmpty();
    }

    @Order(4)
    @Test
    void everyScenarioStillServesAfterTheTable() throws Exception {
        for (Target target : targets()) {
            RawExchange.Outcome outcome = RawExchange.run(server.httpPort, request(target, target.method(),
                    target.path(), "HTTP/1.1", target.headers(), target.body()), 1, false, 20_000);
            assertThat(outcome.error()).as(target.name()).isNull();
            assertThat(outcome.replies().get(0).status()).as(target.name()).isEqualTo(200);
        }
    }

    @Order(5)
    @Test
    void eachRejectionIsLoggedOnceWithoutAStackTrace() throws Exception {
        Map<Integer, Long> rejected = OUTCOMES.values().stream().flatMap(o -> o.replies().stream())
                .filter(r -> r.status() >= 400)
                .collect(Collectors.groupingBy(RawExchange.Reply::status, TreeMap::new, Collectors.counting()));
        String log = LOG.toString(StandardCharsets.UTF_8);
        Pattern line = Pattern.compile("\\[WARN\\] (FaultReply|RequestGuard) - .* -> (\\d{3}) ");
        Map<Integer, Long> logged = log.lines().map(line::matcher).filter(Matcher::find)
                .collect(Collectors.groupingBy(m -> Integer.parseInt(m.group(2)), TreeMap::new, Collectors.counting()));
        assertThat(logged).as("WARN lines per status = rejected requests per status").isEqualTo(rejected);
        // Name the lines rather than dump the whole log: a trace is usually a few lines among hundreds.
        List<String> lines = log.lines().toList();
        List<String> traces = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\tat ") || lines.get(i).contains("Exception:")) {
                traces.addAll(lines.subList(Math.max(0, i - 3), Math.min(lines.size(), i + 12)));
                break;
            }
        }
        assertThat(traces).as("a stack trace in the log, with the lines around its first").isEmpty();
    }

    private static void assertKind(Row row, RawExchange.Reply reply, Kind kind) {
        String body = reply.text();
        String contentType = String.valueOf(reply.header("content-type"));
        switch (kind) {
            case SOAP -> {
                assertThat(contentType).as(row + " content type").startsWith("text/xml");
                assertThat(body).as(row.toString()).contains("<soapenv:Fault>");
            }
            case JSON -> {
                assertThat(contentType).as(row + " content type").startsWith("application/json");
                assertThat(body).as(row.toString()).startsWith("{\"error\":{\"status\":" + reply.status());
            }
            case PLAIN -> assertThat(contentType).as(row + " content type").startsWith("text/plain");
            case ECHO -> assertThat(reply.body()).as(row.toString()).isEqualTo(bodyOf(row.request()));
            case ANY -> {
            }
        }
    }

    /** The body of a Content-Length request as sent (for echo checks). */
    private static byte[] bodyOf(byte[] request) {
        String text = new String(request, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        return text.substring(end + 4).getBytes(StandardCharsets.ISO_8859_1);
    }

    // ---- the table --------------------------------------------------------------------------------------

    static List<Target> targets() {
        WsSecurityParty client = WsSecurityParty.client(RunningEsb.KEYSTORES, AlgorithmSuite.MODERN);
        List<Target> targets = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            if (!scenario.isHttp()) {
                continue;
            }
            boolean soap = scenario.payloadFormat() == PayloadFormat.SOAP;
            byte[] body = Payloads.of(scenario.payloadFormat(), 1024);
            if (scenario == Scenario.WS_SECURITY) {
                body = client.secure(body);
            }
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Type", scenario.payloadFormat().contentType());
            if (soap) {
                headers.put("SOAPAction", Payloads.SOAP_ACTION);
                headers.put(Payloads.ROUTING_HEADER, Payloads.ROUTING_VALUE);
            }
            // What a body that is neither the expected XML nor JSON gets: the pass-through scenarios echo it.
            int garbage = switch (scenario) {
                case DIRECT, CBR_TRANSPORT_HEADER -> 200;
                case WS_SECURITY -> 500;
                default -> 400;
            };
            targets.add(new Target(scenario.id(), scenario.defaultEndpoint(), "POST", body, headers,
                    soap ? Kind.SOAP : Kind.JSON, garbage));
        }
        targets.add(new Target("health", "/health", "GET", new byte[0], Map.of(), Kind.JSON, 405));
        return targets;
    }

    private enum Body { VALID, GARBAGE, EMPTY }

    /** What a request that reaches the route gets. */
    private static Expected routed(Target t, Body body, boolean post) {
        if (t.method().equals("GET") && post) {
            return Expected.of(405, Kind.ANY);
        }
        return switch (body) {
            case VALID -> Expected.of(200, Kind.ANY);
            case EMPTY -> t.method().equals("GET") ? Expected.of(200, Kind.ANY) : Expected.of(400, t.faultKind());
            case GARBAGE -> t.garbageStatus() == 200 ? Expected.of(200, Kind.ECHO) : Expected.of(t.garbageStatus(), t.faultKind());
        };
    }

    private static Expected rejected(Target t, int status) {
        return new Expected(status, t.faultKind(), 1, true);
    }

    static List<Row> table(List<Target> targets, int port) {
        List<Row> rows = new ArrayList<>();
        byte[] garbageXml = Payloads.malformedSoap(1024);
        byte[] garbageJson = Payloads.malformedJson(1024);
        byte[] nonUtf8 = {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, (byte) 0xa0, (byte) 0xa1};
        byte[] multipart = ("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.xml\"\r\n"
                + "Content-Type: text/xml\r\n\r\n<a/>\r\n--XyZ--\r\n").getBytes(StandardCharsets.ISO_8859_1);
        for (Target t : targets) {
            String p = t.path();
            Function<Map<String, String>, Map<String, String>> with = extra -> {
                Map<String, String> h = new LinkedHashMap<>(t.headers());
                extra.forEach((k, v) -> {
                    if (v == null) {
                        h.remove(k);
                    } else {
                        h.put(k, v);
                    }
                });
                return h;
            };
            byte[] valid = request(t, t.method(), p, "HTTP/1.1", t.headers(), t.body());
            add(rows, t, "valid request", valid, routed(t, Body.VALID, false));
            add(rows, t, "form post of a bare word (curl -d x)", request(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Type", "application/x-www-form-urlencoded")), bytes("x")), routed(t, Body.GARBAGE, true));
            add(rows, t, "form post of key=value pairs", request(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Type", "application/x-www-form-urlencoded")), bytes("a=b&c=%zz&d")), routed(t, Body.GARBAGE, true));
            Map<String, String> noType = new LinkedHashMap<>(t.headers());
            noType.remove("Content-Type");
            add(rows, t, "no Content-Type", request(t, t.method(), p, "HTTP/1.1", noType, t.body()), routed(t, Body.VALID, false));
            add(rows, t, "wrong Content-Type", request(t, t.method(), p, "HTTP/1.1",
                    with.apply(Map.of("Content-Type", "application/octet-stream")), t.body()), routed(t, Body.VALID, false));
            add(rows, t, "unparseable Content-Type", request(t, t.method(), p, "HTTP/1.1",
                    with.apply(Map.of("Content-Type", ";;=; charset=nope")), t.body()), routed(t, Body.VALID, false));
            add(rows, t, "multipart body", request(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Type", "multipart/form-data; boundary=XyZ")), multipart), routed(t, Body.GARBAGE, true));
            add(rows, t, "malformed XML", request(t, "POST", p, "HTTP/1.1", t.headers(), garbageXml), routed(t, Body.GARBAGE, true));
            add(rows, t, "malformed JSON", request(t, "POST", p, "HTTP/1.1", t.headers(), garbageJson), routed(t, Body.GARBAGE, true));
            add(rows, t, "empty body", request(t, "POST", p, "HTTP/1.1", t.headers(), new byte[0]), routed(t, Body.EMPTY, true));
            add(rows, t, "non-UTF-8 body", request(t, "POST", p, "HTTP/1.1", t.headers(), nonUtf8), routed(t, Body.GARBAGE, true));
            add(rows, t, "chunked body", chunked(t, p, t.body(), "0\r\n\r\n"), routed(t, Body.VALID, true));
            add(rows, t, "bad chunk size", concat(head(t, "POST", p, "HTTP/1.1", with.apply(Map.of("Transfer-Encoding", "chunked"))),
                    bytes("zz\r\nabc\r\n0\r\n\r\n")), rejected(t, 400));
            add(rows, t, "truncated chunked body, then a stall", concat(head(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Transfer-Encoding", "chunked"))), bytes("400\r\nabc")), rejected(t, 408));
            add(rows, t, "half a body, then a stall", concat(head(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Length", "1000"))), bytes("<soapenv:Env")), rejected(t, 408));
            add(rows, t, "huge Content-Length, short body", concat(head(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Length", "1000000000"))), bytes("<a/>")), Expected.of(413, Kind.ANY));
            add(rows, t, "half a request line, then a stall", bytes("POST " + p.substring(0, 6)),
                    new Expected(408, Kind.PLAIN, 1, true));
            add(rows, t, "headers without their end, then a stall", bytes(t.method() + " " + p + " HTTP/1.1\r\nHost: x\r\n"),
                    new Expected(408, Kind.PLAIN, 1, true));
            add(rows, t, "oversized header", request(t, t.method(), p, "HTTP/1.1",
                    with.apply(Map.of("X-Big", "b".repeat(20_000))), t.body()), rejected(t, 431));
            add(rows, t, "very long URI", request(t, t.method(), p + "?q=" + "u".repeat(10_000), "HTTP/1.1", t.headers(), t.body()),
                    new Expected(414, Kind.PLAIN, 1, true));
            add(rows, t, "HTTP/1.0 without keep-alive", request(t, t.method(), p, "HTTP/1.0", t.headers(), t.body()),
                    new Expected(200, Kind.ANY, 1, true));
            byte[] keepAlive10 = request(t, t.method(), p, "HTTP/1.0", with.apply(Map.of("Connection", "keep-alive")), t.body());
            add(rows, t, "HTTP/1.0 keep-alive, two requests", concat(keepAlive10, keepAlive10), new Expected(200, Kind.ANY, 2, null));
            add(rows, t, "three pipelined requests", concat(valid, valid, valid), new Expected(200, Kind.ANY, 3, null));
            add(rows, t, "unknown method", request(t, "BREW", p, "HTTP/1.1", t.headers(), t.body()), Expected.of(405, Kind.ANY));
            add(rows, t, "wrong method", request(t, t.method().equals("GET") ? "POST" : "GET", p, "HTTP/1.1", t.headers(),
                    t.method().equals("GET") ? t.body() : new byte[0]), Expected.of(405, Kind.ANY));
            add(rows, t, "unknown path", request(t, t.method(), p + "Zz", "HTTP/1.1", t.headers(), t.body()), Expected.of(404, Kind.ANY));
            add(rows, t, "absolute-URI request line", request(t, t.method(), "http://127.0.0.1:" + port + p, "HTTP/1.1", t.headers(), t.body()),
                    routed(t, Body.VALID, false));
            add(rows, t, "Expect: 100-continue", request(t, t.method(), p, "HTTP/1.1", with.apply(Map.of("Expect", "100-continue")), t.body()),
                    routed(t, Body.VALID, false));
            add(rows, t, "unknown Expect", request(t, t.method(), p, "HTTP/1.1", with.apply(Map.of("Expect", "tea")), t.body()),
                    rejected(t, 417));
            add(rows, t, "two different Content-Lengths", concat(head(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Length", "4\r\nContent-Length: 5"))), bytes("<a/>")), rejected(t, 400));
            add(rows, t, "Content-Length not a number", concat(head(t, "POST", p, "HTTP/1.1",
                    with.apply(Map.of("Content-Length", "four"))), bytes("<a/>")), rejected(t, 400));
            add(rows, t, "HTTP/1.1 without Host", requestWithoutHost(t, p, t.body()), rejected(t, 400));
            add(rows, t, "bad percent escape in the query", request(t, t.method(), p + "?a=%zz", "HTTP/1.1", t.headers(), t.body()),
                    Expected.of(400, t.faultKind()));
            // Bytes above 0x7f are not allowed in a request-target (RFC 3986): a fault from the route, not a pass.
            add(rows, t, "non-UTF-8 bytes in the query", concat(bytes(t.method() + " " + p + "?q="), nonUtf8,
                    bytesAfterTarget(t, t.body())), Expected.of(400, t.faultKind()));
            add(rows, t, "TLS handshake on the plain port", new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03, '\r', '\n', '\r', '\n'},
                    new Expected(400, Kind.PLAIN, 1, true));
            add(rows, t, "control characters in the request line", request(t, t.method(), p + "/\u0001\u0002", "HTTP/1.1", t.headers(), t.body()),
                    // A SOAP proxy takes sub-paths, so its route sees (and refuses) the target; the exact paths 404.
                    t.faultKind() == Kind.SOAP ? Expected.of(400, Kind.SOAP) : Expected.of(404, Kind.ANY));
        }
        return rows;
    }

    private static void add(List<Row> rows, Target target, String name, byte[] request, Expected expected) {
        rows.add(new Row(name, target, request, expected));
    }

    static byte[] request(Target t, String method, String target, String version, Map<String, String> headers, byte[] body) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.putIfAbsent("Content-Length", Integer.toString(body.length));
        if (method.equals("GET") && body.length == 0) {
            h.remove("Content-Length");
        }
        return concat(head(t, method, target, version, h), body);
    }

    static byte[] head(Target t, String method, String target, String version, Map<String, String> headers) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(' ').append(version).append("\r\n");
        head.append("Host: 127.0.0.1\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        return bytes(head.append("\r\n").toString());
    }

    /** Two chunks (or one, or none: a zero-size chunk is the last chunk and would end the body early). */
    private static byte[] chunked(Target t, String path, byte[] body, String end) {
        Map<String, String> h = new LinkedHashMap<>(t.headers());
        h.put("Transfer-Encoding", "chunked");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head(t, "POST", path, "HTTP/1.1", h));
        int half = body.length / 2;
        for (byte[] piece : List.of(java.util.Arrays.copyOfRange(body, 0, half),
                java.util.Arrays.copyOfRange(body, half, body.length))) {
            if (piece.length > 0) {
                out.writeBytes(bytes(Integer.toHexString(piece.length) + "\r\n"));
                out.writeBytes(piece);
                out.writeBytes(bytes("\r\n"));
            }
        }
        out.writeBytes(bytes(end));
        return out.toByteArray();
    }

    private static byte[] requestWithoutHost(Target t, String path, byte[] body) {
        StringBuilder head = new StringBuilder(t.method()).append(' ').append(path).append(" HTTP/1.1\r\n");
        t.headers().forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        if (t.method().equals("POST")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        return concat(bytes(head.append("\r\n").toString()), t.method().equals("POST") ? body : new byte[0]);
    }

    /** The rest of a request after its target: version, headers, body. */
    private static byte[] bytesAfterTarget(Target t, byte[] body) {
        byte[] full = request(t, t.method(), "/", "HTTP/1.1", t.headers(), body);
        String text = new String(full, StandardCharsets.ISO_8859_1);
        return text.substring(text.indexOf(" HTTP/1.1")).getBytes(StandardCharsets.ISO_8859_1);
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

    /** Copies the log to the console and keeps it for the assertions. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream first;
        private final ByteArrayOutputStream second;

        TeeStream(OutputStream first, ByteArrayOutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public synchronized void write(int b) {
            second.write(b);
            try {
                first.write(b);
            } catch (java.io.IOException ignored) {
                // the console is best effort
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            second.write(b, off, len);
            try {
                first.write(b, off, len);
            } catch (java.io.IOException ignored) {
                // the console is best effort
            }
        }
    }
}
