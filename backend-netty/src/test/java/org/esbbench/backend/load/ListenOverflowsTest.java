package org.esbbench.backend.load;

import org.junit.jupiter.api.Test;

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
}
