package org.esbbench.core.check;

import java.util.Arrays;

/**
 * Skips the parse for a reply that is byte-identical to one already accepted. A server answers the same
 * request with the same bytes (its serialiser is deterministic), so after the first reply an XML or JSON
 * comparison costs one array comparison instead of a parse and canonicalisation. Only accepted replies
 * are remembered, and only a few distinct ones, so a wrong reply is always examined in full.
 *
 * <p>The first replies of all load threads arrive together, before any is remembered: left alone, every thread
 * would parse the same reply (at 1 MiB about 20 ms of CPU each once compiled, far more while the JIT is still cold).
 * So until the first verdict the full checks run one at a time, and a thread that waited looks at the remembered
 * replies again first. After the first verdict, right or wrong, full checks run in parallel, so a server that
 * answers wrongly does not serialise the load threads.
 */
final class RememberingAccepted implements BodyCheck {

    private static final int LIMIT = 4;

    private final BodyCheck check;
    private final Object firstSight = new Object();
    // Replaced, never modified: readers see a complete array without locking.
    private volatile byte[][] accepted = new byte[0][];
    private volatile boolean firstVerdict;

    RememberingAccepted(BodyCheck check) {
        this.check = check;
    }

    @Override
    public String difference(byte[] body) {
        if (isAccepted(body)) {
            return null;
        }
        if (firstVerdict) {
            return examine(body);
        }
        synchronized (firstSight) {
            if (isAccepted(body)) {
                return null;
            }
            String difference = examine(body);
            firstVerdict = true;
            return difference;
        }
    }

    private boolean isAccepted(byte[] body) {
        for (byte[] known : accepted) {
            if (Arrays.equals(known, body)) {
                return true;
            }
        }
        return false;
    }

    private String examine(byte[] body) {
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
