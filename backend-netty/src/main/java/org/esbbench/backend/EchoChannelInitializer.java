package org.esbbench.backend;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Builds each connection's pipeline: [TLS], idle detection, HTTP/1.x codec, echo. */
final class EchoChannelInitializer extends ChannelInitializer<SocketChannel> {
    static final int MAX_INITIAL_LINE = 8 * 1024;
    static final int MAX_HEADER_BYTES = 64 * 1024;
    /** Largest body piece the decoder hands on; pieces are slices of what was read, so this costs no copy. */
    private static final int MAX_CHUNK_BYTES = 1024 * 1024;

    private final BackendSettings settings;
    private final SslContext sslContext;
    private final EchoCounters counters;
    private final ChannelGroup channels;
    private final BooleanSupplier draining;
    private final FailureInjection failures;
    private final RejectionLog rejections;

    EchoChannelInitializer(BackendSettings settings, SslContext sslContext, EchoCounters counters,
                           ChannelGroup channels, BooleanSupplier draining, FailureInjection failures,
                           RejectionLog rejections) {
        this.rejections = rejections;
        this.failures = failures;
        this.settings = settings;
        this.sslContext = sslContext;
        this.counters = counters;
        this.channels = channels;
        this.draining = draining;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        channels.add(channel);
        ChannelPipeline pipeline = channel.pipeline();
        if (sslContext != null) {
            pipeline.addLast(sslContext.newHandler(channel.alloc()));
        }
        long idleMillis = settings.idleTimeout().toMillis();
        if (idleMillis > 0) {
            // Reader idleness, not all-idle: an echo only writes in answer to a read, and watching writes would
            // cost a promise and a listener on every reply.
            pipeline.addLast(new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS));
        }
        // Decoder and encoder apart (not HttpServerCodec) so the echo handler can ask the decoder whether it holds
        // half a request when the connection falls idle.
        StallAwareRequestDecoder decoder = new StallAwareRequestDecoder(new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_INITIAL_LINE).setMaxHeaderSize(MAX_HEADER_BYTES)
                .setMaxChunkSize(MAX_CHUNK_BYTES));
        pipeline.addLast(decoder);
        pipeline.addLast(new HttpResponseEncoder());
        if (failures.active()) {
            pipeline.addLast(new InjectedFailureHandler(failures, settings.healthPath()));
        }
        pipeline.addLast(new EchoHandler(settings, counters, draining, rejections, decoder));
    }
}
