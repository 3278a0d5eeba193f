package org.esbbench.backend;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;

import java.util.List;

/**
 * The HTTP request decoder, plus whether it holds part of a request that has not been handed on yet: a request
 * line or headers without their end, or a body still arriving. The echo handler reads this when the connection
 * falls idle, to answer a client that sent half a request and stalled with 408 instead of closing silently.
 */
final class StallAwareRequestDecoder extends HttpRequestDecoder {
    private boolean midRequest;

    StallAwareRequestDecoder(HttpDecoderConfig config) {
        super(config);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        int before = out.size();
        int readable = buffer.readableBytes();
        super.decode(ctx, buffer, out);
        if (out.size() > before) {
            // Something was handed on: the request is whole once its last content is.
            midRequest = !(out.get(out.size() - 1) instanceof LastHttpContent);
        } else if (readable > 0) {
            // Bytes taken in (or kept for later) without a message yet: a request has begun.
            midRequest = true;
        }
    }

    boolean midRequest() {
        return midRequest;
    }
}
