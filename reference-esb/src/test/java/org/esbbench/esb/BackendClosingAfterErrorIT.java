package org.esbbench.esb;

import org.esbbench.backend.testing.RawExchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: a backend that answers an error with {@code Connection: close} (as a server shedding load does) must
 * cost the client that one request, no more. Once, the reference server answered the client's next request on
 * the same keep-alive connection with nothing at all. A backend here answers every second request with 503 and
 * {@code Connection: close}; each client request on one keep-alive connection must get a reply: the echo, or a
 * 502 fault for the 503.
 */
class BackendClosingAfterErrorIT {

    private static HttpServer backend;
    private static RunningEsb server;
    private static final AtomicInteger CALLS = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        backend.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (CALLS.incrementAndGet() % 2 == 0) {
                byte[] text = "shedding load\n".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain");
                exchange.getResponseHeaders().set("Connection", "close");
                exchange.sendResponseHeaders(503, text.length);
                exchange.getResponseBody().write(text);
            } else {
                exchange.getResponseHeaders().set("Content-Type", exchange.getRequestHeaders().getFirst("Content-Type"));
                exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        backend.setExecutor(Executors.newFixedThreadPool(4));
        backend.start();
        server = RunningEsb.start(Map.of("esb.backend.url",
                "http://127.0.0.1:" + backend.getAddress().getPort() + "/service/EchoService"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (backend != null) {
            backend.stop(0);
        }
    }

    @Test
    void everyRequestOnOneKeepAliveConnectionGetsAReply() throws Exception {
        byte[] payload = Payloads.soap(512);
        String head = "POST " + Scenario.DIRECT.defaultEndpoint() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: " + Payloads.SOAP_ACTION + "\r\n"
                + Payloads.ROUTING_HEADER + ": " + Payloads.ROUTING_VALUE + "\r\n"
                + "Content-Length: " + payload.length + "\r\n\r\n";
        List<Integer> statuses = new ArrayList<>();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", server.httpPort), 5_000);
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = 0; i < 8; i++) {
                out.write(head.getBytes(StandardCharsets.ISO_8859_1));
                out.write(payload);
                out.flush();
                RawExchange.Reply reply = RawExchange.readReply(in);
                statuses.add(reply.status());
                if (reply.status() == 200) {
                    assertThat(reply.body()).as("echo of request %d", i).isEqualTo(payload);
                } else {
                    assertThat(reply.status()).as("request %d: %s", i, reply.text()).isEqualTo(502);
                    assertThat(reply.text()).contains("<soapenv:Fault>");
                }
                assertThat(reply.header("connection")).as("request %d keeps the client connection", i)
                        .isNotEqualToIgnoringCase("close");
            }
        }
        assertThat(statuses).containsExactly(200, 502, 200, 502, 200, 502, 200, 502);
    }
}
