package org.esbbench.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;

/**
 * Sits before the echo handler when {@code --fail-percent} is given ({@link FailureInjection}): a request chosen to
 * fail is read to its end, never reaches the echo, and is answered with 503 and {@code Connection: close}. Health
 * checks and malformed requests pass on untouched. Meant for the suite's drills (a server that calls one backend
 * connection at a time); a pipelining client could see the 503 ahead of earlier delayed echoes.
 */
final class InjectedFailureHandler extends ChannelInboundHandlerAdapter {
    static final String MESSAGE = "injected failure (backend-netty --fail-percent)\n";

    private final FailureInjection injection;
    private final String healthPath;
    private boolean failing;

    InjectedFailureHandler(FailureInjection injection, String healthPath) {
        this.injection = injection;
        this.healthPath = healthPath;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request && request.decoderResult().isSuccess() && !isHealth(request.uri())
                && injection.nextFails()) {
            failing = true;
        }
        if (!failing) {
            ctx.fireChannelRead(msg);
            return;
        }
        // A FullHttpRequest is a LastHttpContent too.
        boolean last = msg instanceof LastHttpContent;
        ReferenceCountUtil.release(msg);
        if (last) {
            failing = false;
            ByteBuf text = Unpooled.copiedBuffer(MESSAGE, StandardCharsets.UTF_8);
            FullHttpResponse reply = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.SERVICE_UNAVAILABLE, text);
            reply.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, text.readableBytes())
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private boolean isHealth(String uri) {
        int query = uri.indexOf('?');
        return (query < 0 ? uri : uri.substring(0, query)).equals(healthPath);
    }
}
