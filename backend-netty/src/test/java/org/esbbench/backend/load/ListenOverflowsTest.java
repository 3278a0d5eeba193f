package org.esbbench.backend.load;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ListenOverflowsTest {

    @Test
    void readsTheListenOverflowsColumnOfTheTcpExtLines() {
        List<String> netstat = List.of(
                "TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops",
                "TcpExt: 0 0 17 19",
                "IpExt: InNoRoutes ListenOverflows",
                "IpExt: 0 99");
        assertThat(ListenOverflows.parse(netstat)).isEqualTo(17);
    }

    @Test
    void saysSoWhenTheCounterIsMissing() {
        assertThatThrownBy(() -> ListenOverflows.parse(List.of("IpExt: InNoRoutes", "IpExt: 0")))
                .hasMessageContaining("ListenOverflows");
    }

    @Test
    void readsThisMachinesCounter() throws Exception {
        assertThat(ListenOverflows.read()).isGreaterThanOrEqualTo(-1);
    }

    @Test
    void readsTheDropsOfTheListenersOnAPort() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // -1 where ss is missing; a listener nobody connected to has dropped nothing
            assertThat(ListenOverflows.ofListeners(listener.getLocalPort())).isIn(-1L, 0L);
        }
    }

    @Test
    void addsTheDropsOfEveryListenerSsShows() {
        String ss = """
                State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process
                LISTEN 2      1          127.0.0.1:46183      0.0.0.0:*
                \t skmem:(r0,rb131072,t0,tb16384,f0,w0,o0,bl0,d24)
                LISTEN 0      4096  [::ffff:127.0.0.1]:46183        *:*
                \t skmem:(r0,rb131072,t0,tb16384,f0,w0,o0,bl0,d3)
                """;
        assertThat(ListenOverflows.parseDrops(ss)).isEqualTo(27);
        assertThat(ListenOverflows.parseDrops("State  Recv-Q Send-Q Local Address:Port  Peer Address:Port\n"))
                .as("no listener shown").isEqualTo(-1);
    }
}
