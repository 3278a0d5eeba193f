package org.esbbench.backend;

import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * One WARN line per rejected request, by default, so an operator sees what the backend refused without
 * {@code --verbose}. Bounded: at most {@code linesPerSecond} lines a second; the rest are counted and the count is
 * printed with the next line that may be written, so a flood of bad requests cannot fill a disk. With
 * {@code --verbose} each line also carries the request line and the decoder's exception.
 */
final class RejectionLog {
    static final int DEFAULT_LINES_PER_SECOND = 20;
    private static final int MAX_DETAIL_CHARS = 200;

    private final Supplier<PrintStream> out;
    private final int linesPerSecond;
    private final boolean verbose;
    private long windowStartNanos = System.nanoTime();
    private int linesInWindow;
    private long suppressed;

    RejectionLog(Supplier<PrintStream> out, int linesPerSecond, boolean verbose) {
        if (linesPerSecond < 1) {
            throw new IllegalArgumentException("rejection log lines per second must be 1 or more, was " + linesPerSecond);
        }
        this.out = out;
        this.linesPerSecond = linesPerSecond;
        this.verbose = verbose;
    }

    /** To stderr (looked up at each line, so a test that swaps System.err sees it). */
    static RejectionLog toStderr(boolean verbose) {
        return new RejectionLog(() -> System.err, DEFAULT_LINES_PER_SECOND, verbose);
    }

    /**
     * @param detail what --verbose adds (request line, decoder exception); may be null
     */
    synchronized void rejected(int status, Object remote, String reason, String detail) {
        write("rejected " + remote + " -> " + status + ": " + reason, detail);
    }

    /** An unexpected error on a connection (not a request the backend could answer); same bound. */
    synchronized void error(Object remote, String reason) {
        write("error on " + remote + ", connection closed: " + reason, null);
    }

    private void write(String text, String detail) {
        long now = System.nanoTime();
        if (now - windowStartNanos >= 1_000_000_000L) {
            windowStartNanos = now;
            linesInWindow = 0;
        }
        if (linesInWindow >= linesPerSecond) {
            suppressed++;
            return;
        }
        linesInWindow++;
        StringBuilder line = new StringBuilder("backend-netty WARN: ").append(text);
        if (verbose && detail != null) {
            line.append(" [").append(detail.length() > MAX_DETAIL_CHARS
                    ? detail.substring(0, MAX_DETAIL_CHARS) + "..." : detail).append(']');
        }
        if (suppressed > 0) {
            line.append(" (").append(suppressed).append(" earlier lines suppressed: more than ")
                    .append(linesPerSecond).append(" a second)");
            suppressed = 0;
        }
        out.get().println(line);
    }

    synchronized long suppressed() {
        return suppressed;
    }
}
