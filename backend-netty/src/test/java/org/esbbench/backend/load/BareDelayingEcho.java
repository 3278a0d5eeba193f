package org.esbbench.backend.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.NetUtil;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Baseline of the delay benchmark, not part of the product: the simplest correct delaying HTTP echo on Netty.
 * It reads the whole request (codec + aggregator), then schedules the write of the echo on the channel's own
 * event loop after the delay ({@code ctx.executor().schedule}); no queue, no counters, no limits, no idle
 * timeout. Same transport (epoll), event-loop count (one per core) and backlog (somaxconn) as the backend, so
 * the two differ only in what the backend does on top.
 *
 * <p>Honours the backend's delay header ({@code X-Echo-Delay-Ms}) so the load tool can open its connections
 * with a zero delay, as it does against the backend. Prints {@code listening on http://127.0.0.1:PORT} on stderr
 * like the backend, so {@link BackendProcess} starts either the same way:
 * <pre>java -cp target/test-classes:target/backend-netty.jar org.esbbench.backend.load.BareDelayingEcho PORT DELAY_MS</pre>
 * HTTP/1.1 keep-alive only (what the load tool sends); pipelined requests would each get their own timer,
 * which is fine for a baseline that never sees them.
 */
public final class BareDelayingEcho {
    static final String DELAY_HEADER = "X-Echo-Delay-Ms";

    private BareDelayingEcho() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: BareDelayingEcho PORT DELAY_MS (PORT 0 picks a free one)");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        long delayMillis = Long.parseLong(args[1]);
        var boss = new EpollEventLoopGroup(1);
        var workers = new EpollEventLoopGroup(Runtime.getRuntime().availableProcessors());
        Channel server = new ServerBootstrap().group(boss, workers).channel(EpollServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, NetUtil.SOMAXCONN)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(16 << 20),
                                new DelayingEcho(delayMillis));
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close().syncUninterruptibly();
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }));
        System.err.println("bare delaying echo listening on http://127.0.0.1:"
                + ((InetSocketAddress) server.localAddress()).getPort() + " (delay " + delayMillis + " ms)");
        server.closeFuture().sync();
    }

    private static final class DelayingEcho extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final long defaultDelayMillis;

        DelayingEcho(long defaultDelayMillis) {
            this.defaultDelayMillis = defaultDelayMillis;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            String asked = request.headers().get(DELAY_HEADER);
            long delay = asked == null ? defaultDelayMillis : Long.parseLong(asked.trim());
            FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), HttpResponseStatus.OK,
                    request.content().retain(), false);
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, request.content().readableBytes());
            String type = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
            if (type != null) {
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
            }
            if (delay == 0) {
                ctx.writeAndFlush(response, ctx.voidPromise());
            } else {
                ctx.executor().schedule(() -> ctx.writeAndFlush(response, ctx.voidPromise()), delay,
                        TimeUnit.MILLISECONDS);
            }
        }
    }
}
