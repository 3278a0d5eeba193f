package org.esbbench.backend;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Opens many connections first, then sends one request on each and times every reply from its own write, on an
 * event loop, so a thousand waiting clients cost the test machine almost nothing and the timing reflects the
 * server rather than client threads waking up.
 */
final class ConcurrentEchoClient implements AutoCloseable {
    private static final AttributeKey<Long> SENT_AT = AttributeKey.valueOf("sentAt");
    private static final AttributeKey<Integer> INDEX = AttributeKey.valueOf("index");

    private final NioEventLoopGroup group = new NioEventLoopGroup(1);
    private final List<Channel> channels = new ArrayList<>();
    private final AtomicLongArray latencyNanos;
    private final AtomicInteger failures = new AtomicInteger();
    private volatile CountDownLatch replies;
    private final byte[] body;

    ConcurrentEchoClient(int port, int connections, byte[] body) throws InterruptedException {
        this.latencyNanos = new AtomicLongArray(connections);
        this.body = body;
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1 << 20),
                                new TimingHandler());
                    }
                });
        for (int i = 0; i < connections; i++) {
            Channel channel = bootstrap.connect("127.0.0.1", port).sync().channel();
            channel.attr(INDEX).set(i);
            channels.add(channel);
        }
    }

    /**
     * Sends one request per connection, spread evenly over {@code spreadMillis} as arrivals are in a steady
     * closed-model run (with a 1 s delay and N users, N requests a second); waits for every reply or the
     * timeout. Each call is a new round: latencies and failures are those of the last round.
     *
     * @param delayHeader value of the backend's delay header, or {@code null} to use the server's delay
     */
    boolean sendAllAndAwait(String delayHeader, long spreadMillis, long timeout, TimeUnit unit)
            throws InterruptedException {
        replies = new CountDownLatch(channels.size());
        failures.set(0);
        for (int i = 0; i < channels.size(); i++) {
            Channel channel = channels.get(i);
            long offsetNanos = TimeUnit.MILLISECONDS.toNanos(spreadMillis) * i / channels.size();
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST,
                    "/service/EchoService", Unpooled.wrappedBuffer(body));
            request.headers().set(HttpHeaderNames.HOST, "127.0.0.1")
                    .set(HttpHeaderNames.CONTENT_TYPE, "text/xml")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            if (delayHeader != null) {
                request.headers().set(DelayHeader.NAME, delayHeader);
            }
            channel.eventLoop().schedule(() -> {
                channel.attr(SENT_AT).set(System.nanoTime());
                channel.writeAndFlush(request);
            }, offsetNanos, TimeUnit.NANOSECONDS);
        }
        return replies.await(timeout, unit);
    }

    /** Reply latencies in milliseconds, sorted. */
    double[] sortedLatencyMillis() {
        double[] millis = new double[latencyNanos.length()];
        for (int i = 0; i < millis.length; i++) {
            millis[i] = latencyNanos.get(i) / 1e6;
        }
        java.util.Arrays.sort(millis);
        return millis;
    }

    int failures() {
        return failures.get();
    }

    @Override
    public void close() {
        channels.forEach(Channel::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class TimingHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            long elapsed = System.nanoTime() - ctx.channel().attr(SENT_AT).get();
            latencyNanos.set(ctx.channel().attr(INDEX).get(), elapsed);
            byte[] echoed = new byte[response.content().readableBytes()];
            response.content().readBytes(echoed);
            if (response.status().code() != 200 || !java.util.Arrays.equals(echoed, body)) {
                failures.incrementAndGet();
            }
            replies.countDown();
        }
    }
}
