package org.esbbench.report.round;

/**
 * Whether a target's throughput at a point is reproducible over the round's iterations. Only a server-bound point is
 * judged: there the throughput is the server's capacity, which should not move between iterations; a load-bound
 * point's throughput is set by the users, a generator-bound one's by the load generator, so their spread says
 * nothing of the server. A point counts as server-bound when every iteration that measured it says so (a point
 * server-bound in some iterations only already shows that in its flags).
 */
public final class StabilityCheck {
    /** The most (highest − lowest) / median of the throughput a stable point may have, in percent. */
    public static final double MAX_SPREAD_PERCENT = 10;
    /** A spread needs two iterations. */
    public static final int MIN_ITERATIONS = 2;

    private StabilityCheck() {
    }

    /** Whether the cell is judged at all: server-bound in each of at least two iterations, with a throughput. */
    public static boolean judged(RoundCell cell) {
        return cell.measured() >= MIN_ITERATIONS && cell.serverBound() && cell.throughput() != null;
    }

    /** Whether the cell's throughput spread exceeds {@link #MAX_SPREAD_PERCENT} where it is judged. */
    public static boolean unstable(RoundCell cell) {
        return judged(cell) && cell.spreadPercent() > MAX_SPREAD_PERCENT;
    }
}
