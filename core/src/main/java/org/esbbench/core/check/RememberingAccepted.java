package org.esbbench.core.check;

import java.util.Arrays;

/**
 * Skips the parse for a reply that is byte-identical to one already accepted. A server answers the same
 * request with the same bytes (its serialiser is deterministic), so after the first reply an XML or JSON
 * comparison costs one array comparison instead of a parse and canonicalisation. Only accepted replies
 * are remembered, and only a few distinct ones, so a wrong reply is always examined in full.
 */
final class RememberingAccepted implements BodyCheck {

    private static final int LIMIT = 4;

    private final BodyCheck check;
    // Replaced, never modified: readers see a complete array without locking.
    private volatile byte[][] accepted = new byte[0][];

    RememberingAccepted(BodyCheck check) {
        this.check = check;
    }

    @Override
    public String difference(byte[] body) {
        for (byte[] known : accepted) {
            if (Arrays.equals(known, body)) {
                return null;
            }
        }
        String difference = check.difference(body);
        if (difference == null) {
            remember(body);
        }
        return difference;
    }

    private synchronized void remember(byte[] body) {
        byte[][] current = accepted;
        if (current.length >= LIMIT) {
            return;
        }
        for (byte[] known : current) {
            if (Arrays.equals(known, body)) {
                return;
            }
        }
        byte[][] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = body.clone();
        accepted = more;
    }
}
