package org.esbbench.backend.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
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
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A closed-model HTTP load on many keep-alive connections from one or two event-loop threads: every connection
 * sends a request, waits for its reply, checks it (status 200, body byte-equal to the expected one) and sends the
 * next, so N connections hold N requests in flight at once without a thread each. Latencies go to an HdrHistogram
 * (microseconds).
 *
 * <p>Connections are opened at a bounded pace: a new one starts only while fewer than {@code maxOpening} are
 * still waiting for the reply to their first request. A connection the client sees as established may still sit
 * in the server's accept queue; waiting for a reply (not for the handshake) is what keeps that queue, whose
 * length is capped by net.core.somaxconn, from overflowing while thousands connect.
 *
 * <p>Public so the reference server's load test (another module) drives its 2,000 connections with the same client.
 */
public final class ClosedLoopHttpLoad implements AutoCloseable {
    private static final long HIGHEST_LATENCY_MICROS = TimeUnit.SECONDS.toMicros(120);
    private static final int ERRORS_KEPT = 10;
    /** Send time of the request a connection waits for; absent when none is pending. */
    private static final AttributeKey<Long> SENT_AT = AttributeKey.valueOf("load.sentAt");
    /** Set while a connection waits for the reply to its first request. */
    private static final AttributeKey<Boolean> OPENING = AttributeKey.valueOf("load.opening");

    /**
     * What every connection sends.
     *
     * @param port           server port on 127.0.0.1
     * @param path           request path
     * @param headers        headers of every request (Host and Content-Length are added)
     * @param openingHeaders extra headers of each connection's first request only, e.g. a zero delay so opening
     *                       10,000 connections does not wait 10,000 delays
     * @param body           request body
     * @param expectedReply  the body every reply must have, byte for byte
     */
    public record Target(int port, String path, Map<String, String> headers, Map<String, String> openingHeaders,
                         byte[] body, byte[] expectedReply) {
    }

    /** Outcome of {@link #open}: how many connections are ready and how long opening them took. */
    public record Opened(int connections, int failed, Duration took) {
    }

    /**
     * Outcome of {@link #run}.
     *
     * @param latencyMicros  latencies of the requests sent inside the measured window
     * @param replies        replies received inside the measured window
     * @param errors         transport errors and connections closed while a request was pending, whole run
     * @param incorrect      replies with another status than 200 or another body than expected, whole run
     * @param firstProblems  the first few errors and incorrect replies, for the assertion message
     */
    public record Result(Histogram latencyMicros, long replies, Duration window, long errors, long incorrect,
                         List<String> firstProblems) {
        public double throughputPerSecond() {
            return replies / (window.toNanos() / 1e9);
        }

        public double percentileMillis(double percentile) {
            return latencyMicros.getValueAtPercentile(percentile) / 1_000.0;
        }
    }

    /** How often each client event loop checks its own lateness (the lag probe). */
    private static final long LAG_PROBE_PERIOD_MICROS = 5_000;

    /**
     * What the load tool itself spent in the measured window of the last {@link #run}, to tell whether it was
     * the limit: a client event loop busy near 100 % of its core, or running its timers late, delays the replies
     * it reads by as much, and the latencies then time the client rather than the server.
     *
     * @param window     the measured window
     * @param loopThreads the client's event-loop threads
     * @param loopCpu    CPU time of those threads in the window (all of the client's I/O and checks)
     * @param processCpu CPU time of the whole client JVM in the window (event loops, GC, JIT)
     * @param lagMicros  lateness of a task each event loop schedules every 5 ms: how long a reply that arrived
     *                   would have waited for the loop to get to it
     */
    public record ClientLoad(Duration window, int loopThreads, Duration loopCpu, Duration processCpu,
                             Histogram lagMicros) {
        /** Busy share of the event-loop threads, 100 = each busy all the window. */
        public double loopBusyPercent() {
            return 100.0 * loopCpu.toNanos() / ((double) window.toNanos() * loopThreads);
        }

        /** The client JVM's CPU in percent of one core. */
        public double processPercentOfCore() {
            return 100.0 * processCpu.toNanos() / window.toNanos();
        }

        public double lagMillis(double percentile) {
            return lagMicros.getValueAtPercentile(percentile) / 1_000.0;
        }
    }

    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final Target target;
    private final List<Channel> channels = new ArrayList<>();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong incorrect = new AtomicLong();
    private final Queue<String> problems = new ConcurrentLinkedQueue<>();
    /** 4 significant digits: buckets of 0.06 ms at 1 s, fine enough to compare two servers within 1 ms. */
    private final Recorder recorder = new Recorder(HIGHEST_LATENCY_MICROS, 4);
    private final AtomicLong repliesInWindow = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile Semaphore opening;
    private volatile long measureFromNanos = Long.MAX_VALUE;
    private volatile long measureUntilNanos = Long.MIN_VALUE;
    private volatile long stopSendingAtNanos = Long.MIN_VALUE;
    private final Recorder lagRecorder = new Recorder(HIGHEST_LATENCY_MICROS, 3);
    private volatile ClientLoad clientLoad;

    /** @param threads client event-loop threads; one or two on a two-core machine shared with the server */
    public ClosedLoopHttpLoad(Target target, int threads) {
        this.target = target;
        boolean epoll = Epoll.isAvailable();
        // Named threads, so the benchmark can read their CPU time: is the load tool itself the limit?
        ThreadFactory named = new DefaultThreadFactory("closed-loop-load", true);
        this.group = epoll ? new EpollEventLoopGroup(threads, named) : new NioEventLoopGroup(threads, named);
        this.bootstrap = new Bootstrap().group(group)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 30_000)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(16 << 20),
                                new ReplyHandler());
                    }
                });
    }

    /**
     * Opens {@code connections} connections, each sending one request with the opening headers; returns when
     * every one has its reply or failed, or the timeout passed.
     */
    public Opened open(int connections, int maxOpening, Duration timeout) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        opening = new Semaphore(maxOpening);
        AtomicInteger failed = new AtomicInteger();
        for (int i = 0; i < connections; i++) {
            if (!opening.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                break;
            }
            bootstrap.connect("127.0.0.1", target.port()).addListener(future -> {
                Channel channel = ((ChannelFuture) future).channel();
                if (future.isSuccess()) {
                    channel.attr(OPENING).set(Boolean.TRUE);
                    send(channel, target.openingHeaders());
                } else {
                    failed.incrementAndGet();
                    problem("connect failed: " + future.cause());
                    opening.release();
                }
            });
        }
        // Every permit back: all first replies arrived (or failed).
        opening.tryAcquire(maxOpening, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        int ready;
        synchronized (channels) {
            ready = channels.size();
        }
        return new Opened(ready, failed.get(), took);
    }

    /**
     * Every open connection starts its closed loop at an offset spread over {@code rampUp} (a steady arrival
     * rate from the first second), latencies count from {@code rampUp + warmUp} for {@code measure}, then each
     * connection stops after its pending reply; returns once all pending replies arrived or {@code drainTimeout}.
     */
    public Result run(Duration rampUp, Duration warmUp, Duration measure, Duration drainTimeout)
            throws InterruptedException {
        return run(rampUp, warmUp, measure, drainTimeout, () -> { }, () -> { });
    }

    /**
     * As {@link #run(Duration, Duration, Duration, Duration)}, calling {@code atWindowStart} and
     * {@code atWindowEnd} (on the calling thread) when the measured window opens and closes, e.g. to read the
     * server's CPU time over the same window.
     */
    public Result run(Duration rampUp, Duration warmUp, Duration measure, Duration drainTimeout,
                      Runnable atWindowStart, Runnable atWindowEnd) throws InterruptedException {
        List<Channel> ready;
        synchronized (channels) {
            ready = List.copyOf(channels);
        }
        long start = System.nanoTime();
        measureFromNanos = start + rampUp.toNanos() + warmUp.toNanos();
        measureUntilNanos = measureFromNanos + measure.toNanos();
        stopSendingAtNanos = measureUntilNanos;
        recorder.reset();
        repliesInWindow.set(0);
        for (int i = 0; i < ready.size(); i++) {
            Channel channel = ready.get(i);
            long offset = rampUp.toNanos() * i / ready.size();
            channel.eventLoop().schedule(() -> send(channel, Map.of()), offset, TimeUnit.NANOSECONDS);
        }
        List<ScheduledFuture<?>> probes = startLagProbes();
        List<Long> loopThreadIds = loopThreadIds();
        sleepUntil(measureFromNanos);
        atWindowStart.run();
        long loopCpuBefore = threadsCpuNanos(loopThreadIds);
        long processCpuBefore = processCpuNanos();
        lagRecorder.reset();
        sleepUntil(measureUntilNanos);
        atWindowEnd.run();
        long loopCpu = threadsCpuNanos(loopThreadIds) - loopCpuBefore;
        long processCpu = processCpuNanos() - processCpuBefore;
        Histogram lag = lagRecorder.getIntervalHistogram();
        probes.forEach(probe -> probe.cancel(false));
        clientLoad = new ClientLoad(measure, loopThreadIds.size(), Duration.ofNanos(loopCpu),
                Duration.ofNanos(processCpu), lag);
        long drainDeadline = System.nanoTime() + drainTimeout.toNanos();
        while (inFlight.get() > 0 && System.nanoTime() < drainDeadline) {
            Thread.sleep(10);
        }
        if (inFlight.get() > 0) {
            errors.addAndGet(inFlight.get());
            problem(inFlight.get() + " requests still without a reply " + drainTimeout + " after the end");
        }
        return new Result(recorder.getIntervalHistogram(), repliesInWindow.get(), measure, errors.get(),
                incorrect.get(), List.copyOf(problems));
    }

    /** The load tool's own figures in the measured window of the last {@link #run}. */
    public ClientLoad clientLoad() {
        if (clientLoad == null) {
            throw new IllegalStateException("no run yet: clientLoad() tells about the last run()");
        }
        return clientLoad;
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long millis = TimeUnit.NANOSECONDS.toMillis(nanoTime - System.nanoTime());
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    /** One fixed-rate task per event loop that records how late it runs against its own schedule. */
    private List<ScheduledFuture<?>> startLagProbes() {
        List<ScheduledFuture<?>> probes = new ArrayList<>();
        for (EventExecutor loop : group) {
            long first = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(LAG_PROBE_PERIOD_MICROS);
            long[] runs = {0};
            probes.add(loop.scheduleAtFixedRate(() -> {
                long due = first + TimeUnit.MICROSECONDS.toNanos(LAG_PROBE_PERIOD_MICROS) * runs[0]++;
                long late = Math.max(0, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - due));
                lagRecorder.recordValue(Math.min(HIGHEST_LATENCY_MICROS, late));
            }, LAG_PROBE_PERIOD_MICROS, LAG_PROBE_PERIOD_MICROS, TimeUnit.MICROSECONDS));
        }
        return probes;
    }

    private List<Long> loopThreadIds() throws InterruptedException {
        List<Long> ids = new ArrayList<>();
        for (EventExecutor loop : group) {
            try {
                ids.add(loop.submit(() -> Thread.currentThread().getId()).get());
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("client event loop did not answer", e);
            }
        }
        return ids;
    }

    private static long threadsCpuNanos(List<Long> ids) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long id : ids) {
            sum += Math.max(0, threads.getThreadCpuTime(id));
        }
        return sum;
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private void send(Channel channel, Map<String, String> extraHeaders) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, target.path(),
                Unpooled.wrappedBuffer(target.body()));
        request.headers().set(HttpHeaderNames.HOST, "127.0.0.1:" + target.port())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, target.body().length);
        target.headers().forEach(request.headers()::set);
        extraHeaders.forEach(request.headers()::set);
        channel.attr(SENT_AT).set(System.nanoTime());
        inFlight.incrementAndGet();
        channel.writeAndFlush(request).addListener(future -> {
            if (!future.isSuccess()) {
                failPending(channel, "write failed: " + future.cause());
            }
        });
    }

    /** @return whether a request was pending (and is now counted as an error) */
    private boolean failPending(Channel channel, String why) {
        boolean pending = channel.attr(SENT_AT).getAndSet(null) != null;
        if (pending) {
            inFlight.decrementAndGet();
            errors.incrementAndGet();
            problem(why);
            if (Boolean.TRUE.equals(channel.attr(OPENING).getAndSet(null))) {
                opening.release();
            }
        }
        channel.close();
        return pending;
    }

    private void problem(String text) {
        if (problems.size() < ERRORS_KEPT) {
            problems.add(text);
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class ReplyHandler extends SimpleChannelInboundHandler<FullHttpResponse> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            long now = System.nanoTime();
            Channel channel = ctx.channel();
            Long sentAt = channel.attr(SENT_AT).getAndSet(null);
            if (sentAt == null) {
                errors.incrementAndGet();
                problem("reply without a pending request: " + response.status());
                return;
            }
            inFlight.decrementAndGet();
            byte[] echoed = ByteBufUtil.getBytes(response.content());
            boolean correct = response.status().code() == 200 && Arrays.equals(echoed, target.expectedReply());
            if (!correct) {
                incorrect.incrementAndGet();
                problem("incorrect reply: " + response.status() + ", " + echoed.length + " bytes");
            }
            if (Boolean.TRUE.equals(channel.attr(OPENING).getAndSet(null))) {
                if (correct) {
                    synchronized (channels) {
                        channels.add(channel);
                    }
                }
                opening.release();
                return;
            }
            if (sentAt >= measureFromNanos && sentAt < measureUntilNanos) {
                recorder.recordValue(Math.min(HIGHEST_LATENCY_MICROS, TimeUnit.NANOSECONDS.toMicros(now - sentAt)));
            }
            if (now >= measureFromNanos && now < measureUntilNanos) {
                repliesInWindow.incrementAndGet();
            }
            if (now < stopSendingAtNanos) {
                send(channel, Map.of());
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            boolean pending = failPending(ctx.channel(), "connection closed with a request pending");
            if (!pending && System.nanoTime() < stopSendingAtNanos) {
                // Closed between two requests: the loop of this connection stops, which would lower the load unseen.
                errors.incrementAndGet();
                problem("connection closed by the server during the run");
            }
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failPending(ctx.channel(), "connection error: " + cause);
        }
    }
}
