package org.esbbench.esb.http;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import org.esbbench.esb.faults.Fault;
import org.esbbench.esb.faults.FaultBodies;
import org.esbbench.esb.faults.FaultReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's gatekeeper between Netty's HTTP decoder and camel-netty-http. Camel answers what
 * reaches a route (and 404/405 for unknown paths and methods), but a request the decoder could not
 * read, a body that stops arriving or a chunked body that breaks got no reply at all: the connection
 * hung or closed empty. This handler answers those itself, once, in the format of the path (SOAP fault,
 * JSON error or plain text, see {@link PathFaultFormats}), logs one line, and closes the connection:
 * <ul>
 *   <li>a request line or headers the decoder rejected: 400, 414 (request line too long) or 431
 *       (headers too large);</li>
 *   <li>HTTP/1.1 without Host (RFC 9112 3.2): 400; HTTP/1.0 without Host gets the local address as Host,
 *       since Camel would refuse it while HTTP/1.0 does not require one;</li>
 *   <li>an Expect other than 100-continue: 417;</li>
 *   <li>a broken chunked body (bad chunk size, ...): 400;</li>
 *   <li>a request whose bytes stop arriving for the stall timeout: 408.</li>
 * </ul>
 * A chunked request is passed on without its Transfer-Encoding header, so Camel aggregates it instead of
 * streaming it (which hung the event loop, see {@link #channelRead}).
 * It also logs, once each, the 4xx/5xx replies Camel writes itself (no route for the path, method not
 * allowed, body too large), which Camel does not log; route faults are logged by {@link FaultReply}.
 * Everything here runs on the channel's event loop.
 */
final class RequestGuard extends ChannelDuplexHandler {

    private static final Logger LOG = LoggerFactory.getLogger(RequestGuard.class);
    private static final int MAX_LOGGED_TARGET = 160;

    private final PathFaultFormats formats;
    private final long stallTimeoutMs;

    /** Requests handed to Camel whose final reply has not passed yet (pipelining). */
    private int awaitingReplies;
    /** Between a request's head and its last content. */
    private boolean inRequest;
    /** Bytes arrived since the last request head: a request may be half-sent. */
    private boolean partialHead;
    /** Once a request is rejected, nothing more is read from the connection. */
    private boolean rejected;
    /** A rejection waiting for earlier pipelined replies. */
    private FullHttpResponse deferredRejection;
    private String method = "-";
    private String target = "-";
    private HttpVersion version = HttpVersion.HTTP_1_1;

    RequestGuard(PathFaultFormats formats, long stallTimeoutMs) {
        this.formats = formats;
        this.stallTimeoutMs = stallTimeoutMs;
    }

    /** Called by the raw-bytes marker in front of the decoder. */
    void bytesArrived() {
        if (!inRequest) {
            partialHead = true;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (rejected) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            partialHead = false;
            boolean unreadable = request.decoderResult().isFailure() && "/bad-request".equals(request.uri());
            // Netty names a request line it could not read "GET /bad-request".
            method = unreadable ? "-" : request.method().name();
            target = unreadable ? "(unreadable request line)" : request.uri();
            version = request.protocolVersion();
            String problem = problemWith(ctx, request);
            if (problem != null) {
                ReferenceCountUtil.release(msg);
                reject(ctx, statusFor(request.decoderResult()), problem);
                return;
            }
            // camel-netty-http streams a chunked request body through a pipe that the route reads on this
            // same event loop: the route blocked on the pipe before the body was decoded and the event loop
            // (with every connection on it) hung for good. Without the header, the aggregator after this
            // handler collects the chunks like any body (and sets Content-Length).
            request.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
            inRequest = true;
            awaitingReplies++;
        }
        if (msg instanceof HttpContent content) {
            DecoderResult result = content.decoderResult();
            if (result.isFailure()) {
                ReferenceCountUtil.release(msg);
                reject(ctx, HttpResponseStatus.BAD_REQUEST, "Malformed request body: " + describe(result.cause()));
                return;
            }
            if (content instanceof LastHttpContent) {
                inRequest = false;
            }
        }
        ctx.fireChannelRead(msg);
    }

    /** @return why the request head cannot be served, or null; may add a Host header to HTTP/1.0 */
    private String problemWith(ChannelHandlerContext ctx, HttpRequest request) {
        DecoderResult result = request.decoderResult();
        if (result.isFailure()) {
            Throwable cause = result.cause();
            if (cause instanceof TooLongHttpLineException) {
                return "Request line too long: " + describe(cause);
            }
            if (cause instanceof TooLongHttpHeaderException) {
                return "Request headers too large: " + describe(cause);
            }
            return "Malformed request: " + describe(cause);
        }
        if (!request.headers().contains(HttpHeaderNames.HOST)) {
            if (!request.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
                return "Missing Host header (required by HTTP/1.1)";
            }
            request.headers().set(HttpHeaderNames.HOST, hostOf(ctx));
        }
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect.trim())) {
            return "Unsupported Expect: " + expect + " (only 100-continue is)";
        }
        try {
            HttpUtil.getContentLength(request, 0L);
        } catch (NumberFormatException e) {
            return "Invalid Content-Length: " + request.headers().get(HttpHeaderNames.CONTENT_LENGTH);
        }
        return null;
    }

    private static HttpResponseStatus statusFor(DecoderResult result) {
        if (result.isFailure()) {
            if (result.cause() instanceof TooLongHttpLineException) {
                return HttpResponseStatus.REQUEST_URI_TOO_LONG;
            }
            if (result.cause() instanceof TooLongHttpHeaderException) {
                return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
            }
            return HttpResponseStatus.BAD_REQUEST;
        }
        return HttpResponseStatus.BAD_REQUEST;
    }

    private void reject(ChannelHandlerContext ctx, HttpResponseStatus status, String reason) {
        if (reason.startsWith("Unsupported Expect")) {
            status = HttpResponseStatus.EXPECTATION_FAILED;
        }
        if (inRequest) {
            // The request being rejected was handed to Camel but will never be complete: no reply to wait for.
            awaitingReplies--;
        }
        rejected = true;
        inRequest = false;
        partialHead = false;
        LOG.warn("{} {} -> {} {}", method, printable(target), status.code(), reason);
        FullHttpResponse response = rejection(status, reason);
        if (awaitingReplies > 0) {
            // Earlier pipelined requests are still being served: their replies go first.
            deferredRejection = response;
            ctx.channel().config().setAutoRead(false);
            return;
        }
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    private FullHttpResponse rejection(HttpResponseStatus status, String reason) {
        PathFaultFormats.Kind kind = formats.kindOf(target);
        Fault fault = Fault.client(status.code(), reason);
        byte[] body;
        String contentType;
        switch (kind) {
            case SOAP -> {
                body = FaultBodies.soap(fault);
                contentType = FaultBodies.SOAP_CONTENT_TYPE;
            }
            case JSON -> {
                body = FaultBodies.json(fault);
                contentType = FaultBodies.JSON_CONTENT_TYPE;
            }
            default -> {
                body = (reason + "\n").getBytes(StandardCharsets.UTF_8);
                contentType = "text/plain; charset=UTF-8";
            }
        }
        HttpVersion replyVersion = version.equals(HttpVersion.HTTP_1_0) ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1;
        FullHttpResponse response = new DefaultFullHttpResponse(replyVersion, status, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return response;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            saysWhetherTheConnectionStays(response);
            int status = response.status().code();
            // Route faults carry FaultReply's status header and were logged there; Camel's own are not.
            if (status >= 400 && !response.headers().contains(FaultReply.STATUS_HEADER) && response != deferredRejection
                    && !rejected) {
                LOG.warn("{} {} -> {} {}", method, printable(target), status, response.status().reasonPhrase());
            }
        }
        boolean last = msg instanceof LastHttpContent
                && !(msg instanceof HttpResponse response && response.status().codeClass()
                        == HttpStatusClass.INFORMATIONAL);
        ctx.write(msg, promise);
        if (last && awaitingReplies > 0) {
            awaitingReplies--;
            if (awaitingReplies == 0 && deferredRejection != null) {
                FullHttpResponse response = deferredRejection;
                deferredRejection = null;
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            }
        }
    }

    /**
     * A reply without a Connection header is one camel-netty-http's path multiplexer wrote itself (404 for an unknown
     * path, 405, the answer to OPTIONS), and the multiplexer closes the connection right after it. Without the header
     * an HTTP/1.1 client keeps the connection for its next request, which then races the close and gets no reply at
     * all ("header parser received no bytes" from Java's client; 78 of 500 requests right after a 404, measured).
     * Saying {@code Connection: close} tells the client the truth. Camel's route replies always carry the header;
     * the one other reply without it, Netty's 413 to a request that waits for 100-continue, keeps the connection,
     * and the client closing it then costs only a new connection.
     */
    private static void saysWhetherTheConnectionStays(HttpResponse response) {
        if (!response.headers().contains(HttpHeaderNames.CONNECTION)) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            if (!rejected && (inRequest || partialHead)) {
                reject(ctx, HttpResponseStatus.REQUEST_TIMEOUT,
                        "Request incomplete: no bytes for " + stallTimeoutMs + " ms");
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (deferredRejection != null) {
            deferredRejection.release();
            deferredRejection = null;
        }
        super.channelInactive(ctx);
    }

    private static String hostOf(ChannelHandlerContext ctx) {
        if (ctx.channel().localAddress() instanceof InetSocketAddress local) {
            return local.getHostString() + ":" + local.getPort();
        }
        return "localhost";
    }

    private static String describe(Throwable cause) {
        if (cause == null) {
            return "unknown";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    /** The request target for a log line: bounded, and with control or non-ASCII bytes escaped. */
    static String printable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_LOGGED_TARGET) + 8);
        for (int i = 0; i < text.length() && out.length() < MAX_LOGGED_TARGET; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\x%02x", (int) c & 0xff));
            } else {
                out.append(c);
            }
        }
        if (out.length() >= MAX_LOGGED_TARGET && text.length() > MAX_LOGGED_TARGET) {
            out.append("...(").append(text.length()).append(" chars)");
        }
        return out.toString();
    }

    /** Sits in front of the decoder: tells the guard that bytes arrived, before they form a request. */
    static final class RawBytesMarker extends io.netty.channel.ChannelInboundHandlerAdapter {
        private final RequestGuard guard;

        RawBytesMarker(RequestGuard guard) {
            this.guard = guard;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf bytes && bytes.isReadable()) {
                guard.bytesArrived();
            }
            ctx.fireChannelRead(msg);
        }
    }
}
