package org.esbbench.maven.parameters;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.esbbench.report.points.Point;

/**
 * A point left out of a run's cross product, {@code plan@bytes}: the published rounds did not measure every
 * scenario at every size (AdroitLogic ran WS-Security up to 10K only: {@code ws-security@102400}). An exclusion
 * that names a plan or size the run does not have leaves nothing out, so {@code -Dscenarios} or {@code -Dsize}
 * may narrow a matrix that has one.
 */
public record Exclusion(String plan, int sizeBytes) {

    boolean excludes(Point point) {
        return point.scenario().equals(plan) && point.sizeBytes() == sizeBytes;
    }

    /** {@code -Dexclude}: empty, or {@code plan@bytes} entries, comma separated; repeats dropped, order kept. */
    static List<Exclusion> parse(String value) throws InvalidRunException {
        LinkedHashSet<Exclusion> all = new LinkedHashSet<>();
        for (String part : (value == null ? "" : value).split(",")) {
            String entry = part.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int at = entry.indexOf('@');
            int size;
            try {
                size = at <= 0 ? -1 : Integer.parseInt(entry.substring(at + 1).trim());
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size <= 0) {
                throw new InvalidRunException("-Dexclude=" + value + ": '" + entry + "' is not plan@bytes (a plan id,"
                        + " '@' and a payload size, e.g. ws-security@102400; comma separated for more)");
            }
            all.add(new Exclusion(entry.substring(0, at).trim(), size));
        }
        return List.copyOf(new ArrayList<>(all));
    }

    @Override
    public String toString() {
        return plan + "@" + sizeBytes;
    }
}
