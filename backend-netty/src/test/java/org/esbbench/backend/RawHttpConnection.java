package org.esbbench.backend;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A plain socket that writes exactly the bytes a test gives and parses replies itself, so tests can send what
 * no well-behaved client would (malformed requests, HTTP/1.0, hand-made chunking) and see one connection's
 * keep-alive behaviour without a pool in between.
 */
final class RawHttpConnection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawHttpConnection(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(30_000);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        out = socket.getOutputStream();
    }

    /** A reply: its headers by lower-case name, and the names as the server spelled them, in order. */
    record Reply(int status, Map<String, String> headers, java.util.List<String> headerNames, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Sends a POST with a Content-Length body and reads its reply. */
    Reply post(String path, String contentType, byte[] body) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + body.length + "\r\n\r\n";
        send(head);
        send(body);
        return read();
    }

    /** Reads one reply: status line, headers, then a Content-Length body, or everything up to the close. */
    Reply read() throws IOException {
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP status line: '" + statusLine + "'");
        }
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        java.util.List<String> names = new java.util.ArrayList<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            names.add(line.substring(0, colon).trim());
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        String length = headers.get("content-length");
        byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
        if (length != null && body.length != Integer.parseInt(length)) {
            throw new EOFException("connection closed after " + body.length + " of " + length + " body bytes");
        }
        return new Reply(status, headers, names, body);
    }

    /** True once the server has closed the connection (reads end of stream within the timeout). */
    boolean closedByServer(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            return in.read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true; // reset: closed as well
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b == -1) {
                throw new EOFException("connection closed mid-line after '" + line + "'");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
