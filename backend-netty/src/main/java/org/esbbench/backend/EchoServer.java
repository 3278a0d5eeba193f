package org.esbbench.backend;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The echo backend: binds, serves until {@link #shutdown(Duration)}, keeps counters. Usable in-process by
 * tests and launchers; {@link EchoBackendCommand} wraps it for the command line.
 */
public final class EchoServer implements AutoCloseable {
    private final BackendSettings settings;
    private final ByteBufAllocator allocator;
    private final EchoCounters counters = new EchoCounters();
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private volatile boolean draining;
    private Transport transport;
    private EventLoopGroup bossGroup;
    private EventLoopGroup workerGroup;
    private Channel serverChannel;
    private FailureInjection failures = FailureInjection.NONE;
    private RejectionLog rejections;

    public EchoServer(BackendSettings settings) {
        this(settings, ByteBufAllocator.DEFAULT);
    }

    /** With a given buffer allocator, so tests can count the memory that connections hold. */
    public EchoServer(BackendSettings settings, ByteBufAllocator allocator) {
        this.settings = settings;
        this.allocator = allocator;
    }

    /** A drill facility: answers a share of requests with 503 ({@link FailureInjection}); call before {@link #start()}. */
    public EchoServer withFailures(FailureInjection injection) {
        this.failures = injection;
        return this;
    }

    /** Where rejected requests are logged; by default stderr, {@link RejectionLog#DEFAULT_LINES_PER_SECOND} a second. */
    EchoServer withRejectionLog(RejectionLog log) {
        this.rejections = log;
        return this;
    }

    /** Binds the listener; returns once it accepts connections. */
    public EchoServer start() throws Exception {
        transport = settings.transport().resolve();
        RejectionLog log = rejections != null ? rejections : RejectionLog.toStderr(settings.verbose());
        SslContext sslContext = settings.tls() == null ? null : TlsContexts.serverContext(settings.tls());
        bossGroup = transport.newGroup(1);
        int threads = settings.eventLoopThreads() == 0
                ? Runtime.getRuntime().availableProcessors() : settings.eventLoopThreads();
        workerGroup = transport.newGroup(threads);
        try {
            serverChannel = new ServerBootstrap()
                    .group(bossGroup, workerGroup)
                    .channel(transport.serverChannel())
                    .option(ChannelOption.SO_BACKLOG, settings.backlog() == 0 ? NetUtil.SOMAXCONN : settings.backlog())
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .option(ChannelOption.ALLOCATOR, allocator)
                    .childOption(ChannelOption.ALLOCATOR, allocator)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new EchoChannelInitializer(settings, sslContext, counters, channels, () -> draining, failures, log))
                    .bind(settings.bindAddress(), settings.port())
                    .sync()
                    .channel();
        } catch (Exception e) {
            shutdownGroups();
            throw e;
        }
        return this;
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    public Transport transport() {
        return transport;
    }

    public EchoCounters counters() {
        return counters;
    }

    /** Number of worker event loops serving connections. */
    public int eventLoopThreads() {
        int count = 0;
        for (var ignored : workerGroup) {
            count++;
        }
        return count;
    }

    /**
     * Stops accepting, lets replies already scheduled go out (each with {@code Connection: close}) for at most
     * {@code grace}, then closes every connection and stops the event loops.
     *
     * @return true if every pending reply went out within the grace period
     */
    public boolean shutdown(Duration grace) throws InterruptedException {
        if (serverChannel == null) {
            return true;
        }
        draining = true;
        serverChannel.close().sync();
        long deadline = System.nanoTime() + grace.toNanos();
        while (counters.repliesPending() > 0 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        boolean drained = counters.repliesPending() <= 0;
        channels.close().awaitUninterruptibly(grace.toMillis() + 1000);
        shutdownGroups();
        serverChannel = null;
        return drained;
    }

    private void shutdownGroups() {
        bossGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workerGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public void close() throws InterruptedException {
        shutdown(settings.shutdownGrace());
    }
}
