package org.esbbench.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;

/**
 * Sits before the echo handler when {@code --fail-percent} is given ({@link FailureInjection}): a request chosen to
 * fail is read to its end, never reaches the echo, and is answered with 503 on the same keep-alive connection.
 * Health checks and malformed requests pass on untouched. Meant for the suite's drills (a server that sends one
 * request at a time per backend connection); a pipelining client could see the 503 ahead of earlier delayed echoes.
 * The connection stays open, as a server shedding a request usually keeps it. (With {@code Connection: close} the
 * reference server once answered the client's next request with no reply at all; fixed in its
 * ScenarioRouteBuilder.keepClientConnection, tested by its BackendClosingAfterErrorIT.)
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
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, text.readableBytes());
            ctx.writeAndFlush(reply);
        }
    }

    private boolean isHealth(String uri) {
        int query = uri.indexOf('?');
        return (query < 0 ? uri : uri.substring(0, query)).equals(healthPath);
    }
}
