package org.esbbench.esb.routes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProxyPathGuardTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "/services/DirectProxy, true",
        "/services/DirectProxy/, true",
        "/services/DirectProxy/buyStocksOperation, true",
        "/services/DirectProxy/a/b/c, true",
        "/services/DirectProxy?wsdl, true",
        "/services/DirectProxy/buyStocksOperation?x=1&y=2, true",
        "http://127.0.0.1:8280/services/DirectProxy/buyStocksOperation, true",
        "/services/DirectProxyX, false",
        "/services/DirectProxyX/buyStocksOperation, false",
        "/services/directproxy, false",
        "/services/Direct, false",
        "/services, false",
        "http://127.0.0.1:8280, false",
    })
    void dispatchesTheProxyPathAndItsSubPathsOnly(String requestUri, boolean dispatched) {
        assertThat(ProxyPathGuard.isProxyPath(requestUri, "/services/DirectProxy")).isEqualTo(dispatched);
    }

    @ParameterizedTest
    @CsvSource({"''", "?", "/?"})
    void aMissingRequestTargetIsNotDispatched(String requestUri) {
        assertThat(ProxyPathGuard.isProxyPath(null, "/services/DirectProxy")).isFalse();
        assertThat(ProxyPathGuard.isProxyPath(requestUri, "/services/DirectProxy")).isFalse();
    }
}
