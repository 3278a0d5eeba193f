package org.esbbench.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One connection's echo logic. Replies are queued in request order (HTTP/1.1 pipelining) and each is sent at
 * the later of its due time and the previous reply's; waiting is a timer on this channel's event loop, so a
 * delayed reply costs no thread. Everything here runs on that one event loop: no locks.
 */
final class EchoHandler extends ChannelInboundHandlerAdapter {
    /** Pipelined replies beyond this stop reads until the queue drains, bounding memory per connection. */
    private static final int MAX_QUEUED_REPLIES = 64;
    private static final byte[] HEALTHY = "UP\n".getBytes(StandardCharsets.US_ASCII);

    private final BackendSettings settings;
    private final EchoCounters counters;
    private final BooleanSupplier draining;
    private final RejectionLog rejections;
    private final StallAwareRequestDecoder decoder;
    private final ArrayDeque<PendingReply> replies = new ArrayDeque<>();

    private BodyAccumulator body;
    private InboundRequest current;
    /** After a rejection the connection only waits for its 400/413 to be written, then closes. */
    private boolean rejected;
    private ScheduledFuture<?> timer;
    private boolean flushNeeded;

    EchoHandler(BackendSettings settings, EchoCounters counters, BooleanSupplier draining, RejectionLog rejections,
                StallAwareRequestDecoder decoder) {
        this.rejections = rejections;
        this.decoder = decoder;
        this.settings = settings;
        this.counters = counters;
        this.draining = draining;
    }

    private record InboundRequest(HttpVersion version, boolean keepAlive, String contentType, long delayMillis,
                                  boolean health) {
    }

    private record PendingReply(FullHttpResponse response, boolean close, long dueNanos) {
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        body = new BodyAccumulator(ctx.alloc());
        counters.connectionOpened();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (rejected) {
                return;
            }
            if (msg instanceof HttpRequest request) {
                onRequest(ctx, request);
            }
            if (msg instanceof HttpContent content && current != null) {
                onContent(ctx, content);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onRequest(ChannelHandlerContext ctx, HttpRequest request) {
        counters.requestReceived();
        if (request.decoderResult().isFailure()) {
            Throwable cause = request.decoderResult().cause();
            reject(ctx, statusOf(cause), reasonOf(cause), describe(request) + " " + cause);
            return;
        }
        HttpVersion version = request.protocolVersion();
        if (!version.equals(HttpVersion.HTTP_1_1) && !version.equals(HttpVersion.HTTP_1_0)) {
            reject(ctx, HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED, "HTTP version " + version.text()
                    + " is not supported: send HTTP/1.1 or HTTP/1.0", describe(request));
            return;
        }
        String coding = request.headers().get(HttpHeaderNames.TRANSFER_ENCODING);
        if (coding != null && !HttpUtil.isTransferEncodingChunked(request)) {
            // RFC 9112 6.3: a body whose final coding is not chunked cannot be delimited; answer 400 and close.
            reject(ctx, HttpResponseStatus.BAD_REQUEST, "Transfer-Encoding '" + coding + "' does not end with"
                    + " chunked, so the body cannot be delimited: send chunked or a Content-Length", describe(request));
            return;
        }
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect.trim())) {
            reject(ctx, HttpResponseStatus.EXPECTATION_FAILED, "unsupported Expect: "
                    + expect + " (only 100-continue is)", describe(request));
            return;
        }
        boolean health = isHealthPath(request.uri());
        long delay;
        try {
            delay = health ? 0 : DelayHeader.delayMillis(request.headers(), settings.delayMillis());
        } catch (IllegalArgumentException e) {
            reject(ctx, HttpResponseStatus.BAD_REQUEST, e.getMessage(), describe(request));
            return;
        }
        long declaredLength = HttpUtil.getContentLength(request, -1L);
        if (declaredLength > settings.maxBodyBytes()) {
            reject(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, tooLargeMessage(declaredLength), describe(request));
            return;
        }
        if (HttpUtil.is100ContinueExpected(request)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE,
                    Unpooled.EMPTY_BUFFER));
        }
        current = new InboundRequest(request.protocolVersion(), HttpUtil.isKeepAlive(request),
                request.headers().get(HttpHeaderNames.CONTENT_TYPE), delay, health);
    }

    private void onContent(ChannelHandlerContext ctx, HttpContent content) {
        if (content.decoderResult().isFailure()) {
            reject(ctx, HttpResponseStatus.BAD_REQUEST, "malformed HTTP body (bad chunk size or framing)",
                    String.valueOf(content.decoderResult().cause()));
            return;
        }
        ByteBuf piece = content.content();
        if ((long) body.size() + piece.readableBytes() > settings.maxBodyBytes()) {
            reject(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                    tooLargeMessage((long) body.size() + piece.readableBytes()), null);
            return;
        }
        body.add(piece);
        if (content instanceof LastHttpContent) {
            InboundRequest request = current;
            current = null;
            counters.bodyReceived(body.size());
            enqueue(ctx, echo(request), !request.keepAlive(), request.delayMillis());
        }
    }

    private FullHttpResponse echo(InboundRequest request) {
        if (request.health()) {
            body.release();
            return reply(request.version(), HttpResponseStatus.OK, "text/plain; charset=US-ASCII",
                    Unpooled.wrappedBuffer(HEALTHY), request.keepAlive());
        }
        return reply(request.version(), HttpResponseStatus.OK, request.contentType(), body.take(),
                request.keepAlive());
    }

    /**
     * The reply's header names as most HTTP servers spell them. Names are case-insensitive (RFC 9110), but Apache
     * Synapse 3.0.1's pass-through transport looks up "Content-Type" by exact case: given Netty's lower-case
     * "content-type" it finds no content type and relays a JSON reply as base64 binary.
     */
    static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");

    private static FullHttpResponse reply(HttpVersion version, HttpResponseStatus status, String contentType,
                                          ByteBuf content, boolean keepAlive) {
        // Header validation off: every value here is either ours or was already validated by the decoder.
        FullHttpResponse response = new DefaultFullHttpResponse(version, status, content, false);
        if (contentType != null) {
            response.headers().set(CONTENT_TYPE, contentType);
        }
        response.headers().setInt(CONTENT_LENGTH, content.readableBytes());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (version.equals(HttpVersion.HTTP_1_0)) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        return response;
    }

    /** Answers with {@code status} and closes; logged once ({@link RejectionLog}), {@code detail} with --verbose. */
    private void reject(ChannelHandlerContext ctx, HttpResponseStatus status, String message, String detail) {
        if (status.equals(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE)) {
            counters.tooLargeRejected();
        } else {
            counters.badRequestRejected();
        }
        rejections.rejected(status.code(), ctx.channel().remoteAddress(), message, detail);
        body.release();
        HttpVersion version = current != null ? current.version() : HttpVersion.HTTP_1_1;
        current = null;
        rejected = true;
        ByteBuf text = Unpooled.copiedBuffer(message + "\n", StandardCharsets.UTF_8);
        enqueue(ctx, reply(version, status, "text/plain; charset=UTF-8", text, false), true, 0);
    }

    private void enqueue(ChannelHandlerContext ctx, FullHttpResponse response, boolean close, long delayMillis) {
        counters.replyScheduled();
        replies.add(new PendingReply(response, close, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis)));
        if (replies.size() == 1) {
            sendDueReplies(ctx);
        } else if (replies.size() >= MAX_QUEUED_REPLIES) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** Writes every reply at the head of the queue that is due, then sets a timer for the next one. */
    private void sendDueReplies(ChannelHandlerContext ctx) {
        timer = null;
        PendingReply head;
        while ((head = replies.peek()) != null) {
            long wait = head.dueNanos() - System.nanoTime();
            if (wait > 0) {
                timer = ctx.executor().schedule(() -> {
                    sendDueReplies(ctx);
                    flushIfNeeded(ctx);
                }, wait, TimeUnit.NANOSECONDS);
                return;
            }
            replies.poll();
            boolean close = head.close() || draining.getAsBoolean();
            if (close && head.close() != close) {
                head.response().headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            }
            long bytes = head.response().content().readableBytes();
            counters.replyDone(bytes);
            if (close) {
                ctx.writeAndFlush(head.response()).addListener(ChannelFutureListener.CLOSE);
                flushNeeded = false;
                return;
            }
            ctx.write(head.response(), ctx.voidPromise());
            flushNeeded = true;
            if (replies.size() == MAX_QUEUED_REPLIES - 1) {
                ctx.channel().config().setAutoRead(true);
            }
        }
    }

    private void flushIfNeeded(ChannelHandlerContext ctx) {
        if (flushNeeded) {
            flushNeeded = false;
            ctx.flush();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        // One flush per read batch: pipelined requests answered at once share a syscall.
        flushIfNeeded(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            // A reply waiting out its delay is not idleness.
            if (!replies.isEmpty() || rejected) {
                return;
            }
            if (current != null || decoder.midRequest()) {
                // Half a request, then nothing: say so (408) rather than close silently.
                reject(ctx, HttpResponseStatus.REQUEST_TIMEOUT, "request incomplete after "
                        + settings.idleTimeout().toSeconds() + " s without data (--idle-timeout-s)", null);
                flushIfNeeded(ctx);
            } else {
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        // The client went away: drop what was pending so nothing outlives the connection.
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        body.release();
        counters.repliesDropped(replies.size());
        PendingReply pending;
        while ((pending = replies.poll()) != null) {
            pending.response().release();
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A peer resetting its connection is ordinary at the end of a load run; anything else is an error.
        if (!(cause instanceof IOException)) {
            counters.errorSeen();
            // Not a rejection (no request to answer), but seen once all the same; the rate limit applies.
            rejections.error(ctx.channel().remoteAddress(), String.valueOf(cause));
        }
        ctx.close();
    }

    private boolean isHealthPath(String uri) {
        return pathOf(uri).equals(settings.healthPath());
    }

    /** The path of an origin-form or absolute-form ({@code http://host/path}) request target. */
    static String pathOf(String uri) {
        String target = uri;
        int scheme = target.indexOf("://");
        if (scheme > 0 && target.indexOf('/') > scheme) {
            int slash = target.indexOf('/', scheme + 3);
            target = slash < 0 ? "/" : target.substring(slash);
        }
        int query = target.indexOf('?');
        return query < 0 ? target : target.substring(0, query);
    }

    /** 414 for a request line over the limit, 431 for headers over it, else 400. */
    private static HttpResponseStatus statusOf(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return HttpResponseStatus.REQUEST_URI_TOO_LONG;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
        }
        return HttpResponseStatus.BAD_REQUEST;
    }

    private static String reasonOf(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return "request line longer than " + EchoChannelInitializer.MAX_INITIAL_LINE + " bytes";
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return "headers larger than " + EchoChannelInitializer.MAX_HEADER_BYTES + " bytes";
        }
        String message = cause.getMessage();
        return "malformed HTTP request" + (message == null ? "" : ": " + firstLine(message));
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        String line = end < 0 ? text : text.substring(0, end);
        return line.length() > 120 ? line.substring(0, 120) + "..." : line;
    }

    private static String describe(HttpRequest request) {
        return request.method() + " " + request.uri() + " " + request.protocolVersion();
    }

    private String tooLargeMessage(long length) {
        return "request body of " + length + " bytes exceeds the backend's limit of " + settings.maxBodyBytes()
                + " bytes (--max-body)";
    }
}
