package org.esbbench.esb.http;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.timeout.IdleStateHandler;
import org.apache.camel.component.netty.ChannelHandlerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a {@link RequestGuard} on every connection of the HTTP consumer. Camel's only hook into its server
 * pipeline is the {@code decoders} option, whose handlers land between the HTTP decoder and encoder; the
 * guard must see responses before they are encoded, so the handler made here waits until the pipeline
 * is complete (channel active) and then places, by the handler names of camel-netty-http's
 * {@code HttpServerInitializerFactory}:
 * <pre>
 *   stall timer + raw-bytes marker | decoder | encoder | guard | ...Camel's aggregator... | closure filter | handler
 * </pre>
 * If a future Camel renames its handlers, the start fails loudly rather than serving unguarded.
 */
public final class RequestGuardFactory extends ChannelHandlerAdapter implements ChannelHandlerFactory {

    static final String DECODER = "decoder";
    static final String ENCODER = "encoder";
    static final String CAMEL_HANDLER = "handler";

    private final PathFaultFormats formats;
    private final long stallTimeoutMs;

    /** @param stallTimeoutMs a request whose bytes stop arriving this long gets 408 and its connection closed */
    public RequestGuardFactory(PathFaultFormats formats, long stallTimeoutMs) {
        if (stallTimeoutMs < 1) {
            throw new IllegalArgumentException("Setting esb.http.stallTimeoutMs must be at least 1, got " + stallTimeoutMs);
        }
        this.formats = formats;
        this.stallTimeoutMs = stallTimeoutMs;
    }

    @Override
    public ChannelHandler newChannelHandler() {
        return new Installer();
    }

    private final class Installer extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            ChannelPipeline pipeline = ctx.pipeline();
            for (String name : new String[] {DECODER, ENCODER, CAMEL_HANDLER}) {
                if (pipeline.get(name) == null) {
                    throw new IllegalStateException("camel-netty-http pipeline has no '" + name + "' handler: "
                            + pipeline.names() + "; RequestGuardFactory must follow its handler names");
                }
            }
            RequestGuard guard = new RequestGuard(formats, stallTimeoutMs);
            pipeline.addBefore(DECODER, "esb-stall-timer", new IdleStateHandler(stallTimeoutMs, 0, 0, TimeUnit.MILLISECONDS));
            pipeline.addBefore(DECODER, "esb-raw-bytes", new RequestGuard.RawBytesMarker(guard));
            pipeline.addAfter(ENCODER, "esb-request-guard", guard);
            pipeline.addBefore(CAMEL_HANDLER, "esb-closure-filter", new PrematureClosureFilter());
            pipeline.remove(this);
            ctx.fireChannelActive();
        }
    }

    /**
     * A connection closed in the middle of a request (rejected by the guard, or the client went away)
     * makes the aggregator raise PrematureChannelClosureException; Camel's handler would log it with a
     * stack trace and try to answer on a closed channel. There is no one to answer: it is dropped here.
     * So is a socket error (a client that reset its connection, a write to one it closed): Camel's handler
     * would log the exception and a 404 it "sends" to nobody, counted as a rejection it never made.
     */
    static final class PrematureClosureFilter extends ChannelInboundHandlerAdapter {
        private static final Logger LOG = LoggerFactory.getLogger(PrematureClosureFilter.class);

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
            if (cause instanceof PrematureChannelClosureException) {
                return;
            }
            if (cause instanceof IOException) {
                LOG.debug("{}: connection ended by the client: {}", ctx.channel().remoteAddress(), cause.getMessage());
                ctx.close();
                return;
            }
            super.exceptionCaught(ctx, cause);
        }
    }
}
