package org.esbbench.backend.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One raw connection for the bad-request tables of the backend and the reference server (shared through
 * backend-netty's test-jar): writes exactly the bytes given (malformed, partial, pipelined),
 * then reads the replies itself (skipping 1xx), so nothing between the test and the server tidies the request.
 */
public final class RawExchange {

    public record Reply(int status, Map<String, String> headers, byte[] body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** What came back: the replies read, whether the server closed the connection afterwards, and any read error. */
    public record Outcome(List<Reply> replies, boolean closedAfter, String error, long millis, int localPort) {
    }

    private RawExchange() {
    }

    /**
     * @param replies     how many final replies to read
     * @param checkClosed after the replies, whether to wait briefly for the server to close the connection
     */
    public static Outcome run(int port, byte[] request, int replies, boolean checkClosed, int readTimeoutMs) {
        long start = System.nanoTime();
        List<Reply> read = new ArrayList<>();
        int localPort = -1;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            localPort = socket.getLocalPort();
            socket.setSoTimeout(readTimeoutMs);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            while (read.size() < replies) {
                Reply reply = readReply(in);
                if (reply.status() >= 200) {
                    read.add(reply);
                }
            }
            boolean closed = false;
            if (checkClosed) {
                socket.setSoTimeout(2_000);
                closed = endOfStream(in);
            }
            return new Outcome(read, closed, null, elapsed(start), localPort);
        } catch (IOException | RuntimeException e) {
            return new Outcome(read, true, e.toString(), elapsed(start), localPort);
        }
    }

    private static long elapsed(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static boolean endOfStream(InputStream in) throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    public static Reply readReply(InputStream in) throws IOException {
        String statusLine = line(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP status line: '" + statusLine + "'");
        }
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        if (status < 200) {
            return new Reply(status, headers, new byte[0]);
        }
        String length = headers.get("content-length");
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            return new Reply(status, headers, chunked(in));
        }
        byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
        if (length != null && body.length != Integer.parseInt(length)) {
            throw new EOFException("connection closed after " + body.length + " of " + length + " body bytes");
        }
        return new Reply(status, headers, body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            int size = Integer.parseInt(line(in).split(";")[0].trim(), 16);
            if (size == 0) {
                while (!line(in).isEmpty()) {
                    // trailers
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
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
}
