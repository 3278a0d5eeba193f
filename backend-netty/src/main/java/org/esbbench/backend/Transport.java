package org.esbbench.backend;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/** The event-loop transport: Linux's native epoll where it loads (fewer copies and syscalls), else Java NIO. */
public enum Transport {
    AUTO, EPOLL, NIO;

    /** The transport actually used: AUTO becomes EPOLL where the native library loads. */
    Transport resolve() {
        if (this == AUTO) {
            return Epoll.isAvailable() ? EPOLL : NIO;
        }
        if (this == EPOLL && !Epoll.isAvailable()) {
            throw new IllegalStateException("epoll is not available here: " + Epoll.unavailabilityCause());
        }
        return this;
    }

    EventLoopGroup newGroup(int threads) {
        return resolve() == EPOLL ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
    }

    Class<? extends ServerChannel> serverChannel() {
        return resolve() == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
