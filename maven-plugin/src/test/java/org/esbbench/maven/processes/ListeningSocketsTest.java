package org.esbbench.maven.processes;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListeningSocketsTest {

    @Test
    void readsProcNetAddresses() {
        assertThat(ListeningSockets.listener(1, "0100007F:1F90")).isEqualTo(new ListeningSockets.Listener(1, "127.0.0.1", 8080, true));
        assertThat(ListeningSockets.listener(1, "00000000:0050")).satisfies(l -> {
            assertThat(l.address()).isEqualTo("0.0.0.0");
            assertThat(l.loopback()).isFalse();
        });
        // ::1, ::ffff:127.0.0.1 and :: as /proc/net/tcp6 prints them
        assertThat(ListeningSockets.listener(1, "00000000000000000000000001000000:2383").loopback()).isTrue();
        assertThat(ListeningSockets.listener(1, "0000000000000000FFFF00000100007F:2383").loopback()).isTrue();
        assertThat(ListeningSockets.listener(1, "00000000000000000000000000000000:8081")).satisfies(l -> {
            assertThat(l.loopback()).isFalse();
            assertThat(l.port()).isEqualTo(0x8081);
        });
    }

    @Test
    void findsTheSocketsThisProcessListensOn() throws Exception {
        try (ServerSocket loopback = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket wildcard = new ServerSocket(0);
             DatagramSocket udpLoopback = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             DatagramSocket udpWildcard = new DatagramSocket(0);
             DatagramSocket udpConnected = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            // connected to one peer: it receives from that peer only, it listens to no one else
            udpConnected.connect(InetAddress.getLoopbackAddress(), udpLoopback.getLocalPort());
            List<ListeningSockets.Listener> mine = ListeningSockets.of(List.of(ProcessHandle.current().pid()));
            assertThat(mine).anyMatch(l -> l.port() == loopback.getLocalPort() && l.loopback() && l.protocol().equals("tcp"));
            assertThat(mine).anyMatch(l -> l.port() == wildcard.getLocalPort() && !l.loopback());
            assertThat(mine).anyMatch(l -> l.port() == udpLoopback.getLocalPort() && l.loopback() && l.protocol().equals("udp"));
            assertThat(mine).anyMatch(l -> l.port() == udpWildcard.getLocalPort() && !l.loopback() && l.protocol().equals("udp"));
            assertThat(mine).noneMatch(l -> l.port() == udpConnected.getLocalPort() && l.protocol().equals("udp"));
        }
    }
}
