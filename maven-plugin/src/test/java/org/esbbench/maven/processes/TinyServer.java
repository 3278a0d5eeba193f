package org.esbbench.maven.processes;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test helper: a server started from a target profile's server.command: answers /health with 204 (2xx is ready),
 * writes its pid to a file when asked, and says in its output which shutdown it got.
 * <pre>TinyServer PORT [PID_FILE]</pre>
 */
public final class TinyServer {
    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 0);
        server.createContext("/health", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        if (args.length > 1) {
            Files.writeString(Path.of(args[1]), Long.toString(ProcessHandle.current().pid()));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("tiny server: shutting down")));
        System.out.println("tiny server: up");
        Thread.sleep(Long.MAX_VALUE);
    }
}
