package org.esbbench.report.round;

import org.esbbench.report.points.Point;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything that names a point but its scenario: load, payload size, backend delay, heap and count of server
 * cores. A round's tables set the scenarios of one setting side by side (usually a round has one setting), and a
 * scenario's ratio to {@code direct} is to {@code direct} at the same setting.
 *
 * @param sample the setting as a point of no scenario, so that its labels and order are {@link Point}'s
 */
public record Setting(Point sample) implements Comparable<Setting> {

    public static Setting of(Point point) {
        return new Setting(new Point("", point.users(), point.rate(), point.sizeBytes(), point.delayMs(), point.heap(),
                point.serverCores()));
    }

    /** The point of {@code scenario} at this setting. */
    public Point point(String scenario) {
        return new Point(scenario, sample.users(), sample.rate(), sample.sizeBytes(), sample.delayMs(), sample.heap(),
                sample.serverCores());
    }

    /** "10 users, 1 KiB, delay 0 ms" (with heap and server cores when the run varied them). */
    public String label() {
        List<String> parts = new ArrayList<>();
        parts.add(sample.isOpen() ? sample.rate() + " arrivals/s" : sample.users() + (sample.users() == 1 ? " user" : " users"));
        parts.add(Point.sizeLabel(sample.sizeBytes()));
        parts.add("delay " + sample.delayMs() + " ms");
        if (!sample.serverLabel().isEmpty()) {
            parts.add(sample.serverLabel());
        }
        return String.join(", ", parts);
    }

    @Override
    public int compareTo(Setting o) {
        return sample.compareTo(o.sample);
    }
}
