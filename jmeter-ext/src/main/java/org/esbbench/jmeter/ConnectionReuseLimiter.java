package org.esbbench.jmeter;

import java.io.Serializable;

import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * Renews each thread's keep-alive connection after a fixed number of requests (the IBM method's
 * "requests per connection", 5000 there).
 *
 * <p>Every Nth request of a thread is sent with {@code Connection: close} (the sampler's keep-alive flag
 * switched off for that one sample); the server closes the connection after replying and the thread's
 * next request opens a new one. JMeter restores the flag after the sample (running-version recovery),
 * so the plan itself never changes. Works the same in the closed and the open model, unlike "Same user
 * on each iteration", which renews per thread-group iteration and so per arrival in the open model.
 *
 * <p>One instance per thread (JMeter clones test elements per thread), so the counter needs no locking.
 * A limit of 0 or less means never renew. A request that fails loses its connection anyway; the count
 * does not try to notice that.
 */
public class ConnectionReuseLimiter extends AbstractTestElement implements PreProcessor, Serializable {

    private static final long serialVersionUID = 1L;

    /** Requests sent on one connection, the last one with {@code Connection: close}. */
    public static final String REQUESTS_PER_CONNECTION = "ConnectionReuseLimiter.requestsPerConnection";

    private static final int NOT_READ = Integer.MIN_VALUE;

    private transient int limit = NOT_READ;
    private transient int sentOnConnection;

    public String getRequestsPerConnection() {
        return getPropertyAsString(REQUESTS_PER_CONNECTION);
    }

    public void setRequestsPerConnection(String requests) {
        setProperty(REQUESTS_PER_CONNECTION, requests);
    }

    @Override
    public void process() {
        Sampler sampler = getThreadContext().getCurrentSampler();
        if (!(sampler instanceof HTTPSamplerBase http)) {
            return;
        }
        if (limit == NOT_READ) {
            limit = parseLimit(getRequestsPerConnection());
        }
        if (limit <= 0) {
            return;
        }
        sentOnConnection++;
        if (sentOnConnection >= limit) {
            http.setUseKeepAlive(false);
            sentOnConnection = 0;
        }
    }

    static int parseLimit(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty()) {
            return 0;
        }
        try {
            return Integer.parseInt(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("requests per connection must be an integer (0 = never renew), got '"
                + trimmed + "'", e);
        }
    }
}
