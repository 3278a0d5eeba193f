package org.esbbench.core.check;

/**
 * Decides whether one reply is what its scenario must return (docs/scenarios.md, "Scenarios").
 *
 * <p>Implementations are immutable and thread-safe: one instance serves every load thread. What can be
 * computed from the request alone (expected bytes, canonical forms, JSON trees) is computed once when
 * the check is built, so a call costs at most one parse of the reply.
 */
@FunctionalInterface
public interface ReplyCheck {

    /**
     * @param status HTTP status of the reply (200 for a JMS reply that arrived)
     * @param body   the reply body; null is taken as empty
     * @return {@code null} when the reply is correct, otherwise what differed, for a person to read
     *         (e.g. {@code "status 500, expected 200"}, {@code "reply 16384 of 102400 bytes"},
     *         {@code "byte 517 differs: ..."})
     */
    String check(int status, byte[] body);
}
