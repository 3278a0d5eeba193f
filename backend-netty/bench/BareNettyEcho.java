import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
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

/**
 * Baseline for the benchmark only, not part of the product: the least an HTTP echo on Netty can do (epoll,
 * codec, aggregator, the body's buffer written back, no delay, no limits, no counters). Run by
 * echo-benchmark.sh with BASELINE=1 so the real backend's CPU per request can be compared on the same machine:
 *   java -cp backend-netty/target/backend-netty.jar backend-netty/bench/BareNettyEcho.java PORT
 */
public class BareNettyEcho {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        var boss = new EpollEventLoopGroup(1);
        var workers = new EpollEventLoopGroup(Runtime.getRuntime().availableProcessors());
        new ServerBootstrap().group(boss, workers).channel(EpollServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(Integer.MAX_VALUE),
                                new SimpleChannelInboundHandler<FullHttpRequest>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
                                        FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(),
                                                HttpResponseStatus.OK, request.content().retain(), false);
                                        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, request.content().readableBytes());
                                        ctx.writeAndFlush(response, ctx.voidPromise());
                                    }
                                });
                    }
                })
                .bind("127.0.0.1", port).sync().channel().closeFuture().sync();
    }
}
