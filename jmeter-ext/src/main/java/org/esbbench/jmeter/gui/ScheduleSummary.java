package org.esbbench.jmeter.gui;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep;

/**
 * What a parsed schedule offers, in words: "20/s for 60 s, then a 5 s pause". The steps are read the way the group
 * draws its arrivals ({@code arrivals.ArrivalSchedule}): an arrivals step starts at the last rate set before it and
 * ends at the rate set right after it (a ramp when they differ), and JMeter's parser writes {@code pause(5 sec)} as
 * arrivals at rate 0 between two {@code rate(0)} steps, so a pause is any arrivals step at rate 0 throughout.
 */
final class ScheduleSummary {
    private static final ThreadLocal<DecimalFormat> NUMBER =
            ThreadLocal.withInitial(() -> new DecimalFormat("#.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));

    private ScheduleSummary() {
    }

    /** One stretch of the schedule: rates in arrivals per second, duration in seconds. */
    record Segment(double fromRate, double toRate, double seconds, boolean even) {
        boolean isPause() {
            return fromRate == 0 && toRate == 0;
        }
    }

    /** The schedule's arrivals steps of non-zero length, with the rates they start and end at. */
    static List<Segment> segments(List<ThreadScheduleStep> steps) {
        List<Segment> segments = new ArrayList<>();
        double rate = 0;
        for (int i = 0; i < steps.size(); i++) {
            ThreadScheduleStep step = steps.get(i);
            if (step instanceof ThreadScheduleStep.RateStep r) {
                rate = r.getRate();
            } else if (step instanceof ThreadScheduleStep.ArrivalsStep a && a.getDuration() > 0) {
                double end = i + 1 < steps.size() && steps.get(i + 1) instanceof ThreadScheduleStep.RateStep next
                        ? next.getRate() : rate;
                segments.add(new Segment(rate, end, a.getDuration(),
                        a.getType() == ThreadScheduleStep.ArrivalType.EVEN));
            }
        }
        return segments;
    }

    /**
     * The schedule in words, or empty when it has no arrivals step of any length (JMeter's parser takes such a
     * schedule, and the group would end at once).
     */
    static String describe(List<ThreadScheduleStep> steps) {
        List<Segment> segments = segments(steps);
        if (segments.isEmpty()) {
            return "";
        }
        double total = segments.stream().mapToDouble(Segment::seconds).sum();
        if (segments.stream().allMatch(Segment::isPause)) {
            return "no arrivals for " + duration(total) + " (the rate is 0)";
        }
        List<String> parts = new ArrayList<>();
        for (Segment s : segments) {
            parts.add(describe(s));
        }
        String text = String.join(", then ", parts);
        return segments.size() > 1 ? text + " (" + duration(total) + " in all)" : text;
    }

    private static String describe(Segment s) {
        if (s.isPause()) {
            return "a " + duration(s.seconds()) + " pause";
        }
        String spacing = s.even() ? " evenly spaced" : "";
        if (s.fromRate() == s.toRate()) {
            return rate(s.fromRate()) + spacing + " for " + duration(s.seconds());
        }
        String direction = s.toRate() > s.fromRate() ? " rising to " : " falling to ";
        return rate(s.fromRate()) + direction + rate(s.toRate()) + spacing + " over " + duration(s.seconds());
    }

    /** A rate per second, per minute or per hour, whichever gives a number of at least 1. */
    static String rate(double perSecond) {
        if (perSecond == 0 || perSecond >= 1) {
            return number(perSecond) + "/s";
        }
        if (perSecond * 60 >= 1) {
            return number(perSecond * 60) + "/min";
        }
        return number(perSecond * 3600) + "/h";
    }

    /** Seconds as a person reads them: "500 ms", "90 s", "20 min 2 s", "2 h 30 min". */
    static String duration(double seconds) {
        if (seconds < 1) {
            return number(seconds * 1000) + " ms";
        }
        if (seconds < 120) {
            return number(seconds) + " s";
        }
        long whole = (long) Math.floor(seconds);
        long hours = whole / 3600;
        long minutes = whole % 3600 / 60;
        double rest = seconds - hours * 3600 - minutes * 60;
        List<String> parts = new ArrayList<>();
        if (hours > 0) {
            parts.add(hours + " h");
        }
        if (minutes > 0) {
            parts.add(minutes + " min");
        }
        if (rest >= 0.0005) {
            parts.add(number(rest) + " s");
        }
        return String.join(" ", parts);
    }

    private static String number(double value) {
        return NUMBER.get().format(value);
    }
}
