package org.esbbench.esb.routes;

import org.apache.camel.Exchange;
import org.apache.camel.Message;

/**
 * Synapse-style dispatch of a SOAP proxy's path. Synapse (WSO2 Micro Integrator, WSO2 ESB) dispatches
 * {@code /services/<Proxy>/<anything>} to the proxy {@code <Proxy>}: the rest of the path names an
 * operation and does not change the mediation, and WSO2's own plans send to e.g.
 * {@code /services/DirectProxy/buyStocksOperation}. The SOAP routes therefore listen with
 * {@code matchOnUriPrefix=true}; netty-http's prefix match is a plain string prefix (case-insensitive), so
 * this guard turns away what Synapse would not dispatch to the proxy: a longer name
 * ({@code /services/DirectProxyX}) or a different case of the proxy's path, with 404 and no body, as for
 * any unknown path.
 */
final class ProxyPathGuard {

    private ProxyPathGuard() {
    }

    /** Stops the exchange with 404 unless the request path is the proxy's path or one of its sub-paths. */
    static void requireProxyPath(Exchange exchange, String proxyPath) {
        Message message = exchange.getMessage();
        String requestPath = message.getHeader(Exchange.HTTP_URI, String.class);
        if (!isProxyPath(requestPath, proxyPath)) {
            message.removeHeaders("*");
            message.setBody(null);
            message.setHeader(Exchange.HTTP_RESPONSE_CODE, 404);
            exchange.setRouteStop(true);
        }
    }

    /**
     * @param requestUri the request-target as received (a path, perhaps with a query string)
     * @return whether Synapse would dispatch it to the proxy at {@code proxyPath}
     */
    static boolean isProxyPath(String requestUri, String proxyPath) {
        if (requestUri == null) {
            return false;
        }
        String path = requestUri;
        int scheme = path.indexOf("://");
        if (!path.startsWith("/") && scheme >= 0) {
            // absolute-form request-target (http://host:port/path): keep the path
            int slash = path.indexOf('/', scheme + 3);
            path = slash < 0 ? "/" : path.substring(slash);
        }
        int query = path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        if (!path.startsWith(proxyPath)) {
            return false;
        }
        return path.length() == proxyPath.length() || path.charAt(proxyPath.length()) == '/';
    }
}
