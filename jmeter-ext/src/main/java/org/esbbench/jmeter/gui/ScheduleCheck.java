package org.esbbench.jmeter.gui;

import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;

/**
 * The check of a schedule as it is typed: what it will offer, or why the group would refuse it. It parses with the
 * parser the group itself uses ({@code arrivals.ArrivalSchedule} wraps the same JMeter function), after
 * {@link ScheduleProperties} has put in the properties, so "ok" here means the group starts with it. Never throws: a
 * plan's valid schedule must never end in an error dialog in the editor.
 */
final class ScheduleCheck {

    enum Verdict {
        /** The group takes it and it offers arrivals. */
        OK,
        /** The group takes it but it offers nothing (no arrivals step of any length): it would end at once. */
        EMPTY,
        /** It uses a {@code ${...}} known only when the test runs: neither checked nor previewed. */
        UNRESOLVED,
        /** The group would refuse it. */
        ERROR
    }

    /**
     * @param message  the line under the field
     * @param note     where the values came from when properties were read, else empty
     * @param schedule the parsed schedule for the rate preview, or null when there is nothing to draw
     */
    record Result(Verdict verdict, String message, String note, ThreadSchedule schedule) {
    }

    private ScheduleCheck() {
    }

    static Result of(String typed) {
        ScheduleProperties.Resolved resolved = ScheduleProperties.resolve(typed);
        String note = resolved.used().isEmpty() ? ""
                : "with " + String.join(", ", resolved.used()) + " (JMeter properties as now set, else the plan's defaults)";
        if (!resolved.isResolved()) {
            return new Result(Verdict.UNRESOLVED, "not checked: " + resolved.unresolved()
                    + " is known only when the test runs, so the schedule is checked and previewed then", note, null);
        }
        ThreadSchedule schedule;
        try {
            schedule = ThreadScheduleUtils.ThreadSchedule(resolved.text());
        } catch (Exception e) { // JMeter's ParserException and TokenizerException are checked in Java
            return new Result(Verdict.ERROR, "error: " + withoutInput(e.getMessage(), resolved.text()), note, null);
        }
        String offered = ScheduleSummary.describe(schedule.getSteps());
        if (offered.isEmpty()) {
            return new Result(Verdict.EMPTY, "offers nothing: no random_arrivals(...) or even_arrivals(...) of any"
                    + " length, so the group would end at once", note, null);
        }
        return new Result(Verdict.OK, "ok: " + offered, note, schedule);
    }

    /**
     * JMeter's messages end with the whole schedule ("... at position 5: 'x' in '<schedule>'"), which the field above
     * already shows; without it the line stays short enough to read.
     */
    private static String withoutInput(String message, String input) {
        if (message == null) {
            return "the schedule cannot be read";
        }
        String suffix = " in '" + input + "'";
        return message.endsWith(suffix) ? message.substring(0, message.length() - suffix.length()) : message;
    }
}
