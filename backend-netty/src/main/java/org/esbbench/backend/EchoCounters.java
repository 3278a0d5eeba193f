package org.esbbench.backend;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the backend has done, printed when it stops and readable by tests. Striped adders because every event
 * loop updates them on every request.
 */
public final class EchoCounters {
    private final LongAdder connections = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder badRequests = new LongAdder();
    private final LongAdder tooLarge = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder repliesPending = new LongAdder();

    void connectionOpened() {
        connections.increment();
    }

    void requestReceived() {
        requests.increment();
    }

    void bodyReceived(long bytes) {
        bytesIn.add(bytes);
    }

    void replyScheduled() {
        repliesPending.increment();
    }

    void replyDone(long bodyBytes) {
        repliesPending.decrement();
        bytesOut.add(bodyBytes);
    }

    void repliesDropped(int count) {
        repliesPending.add(-count);
    }

    void badRequestRejected() {
        badRequests.increment();
    }

    void tooLargeRejected() {
        tooLarge.increment();
    }

    void errorSeen() {
        errors.increment();
    }

    public long connections() {
        return connections.sum();
    }

    public long requests() {
        return requests.sum();
    }

    public long bytesIn() {
        return bytesIn.sum();
    }

    public long bytesOut() {
        return bytesOut.sum();
    }

    public long badRequests() {
        return badRequests.sum();
    }

    public long tooLarge() {
        return tooLarge.sum();
    }

    public long errors() {
        return errors.sum();
    }

    /** Replies scheduled (delay running or write queued) and not yet written or dropped. */
    public long repliesPending() {
        return repliesPending.sum();
    }

    @Override
    public String toString() {
        return "connections=" + connections() + " requests=" + requests() + " bytesIn=" + bytesIn()
                + " bytesOut=" + bytesOut() + " badRequests(400)=" + badRequests() + " tooLarge(413)=" + tooLarge()
                + " errors=" + errors();
    }
}
