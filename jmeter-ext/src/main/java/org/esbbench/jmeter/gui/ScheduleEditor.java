package org.esbbench.jmeter.gui;

import java.awt.Color;
import java.awt.Dimension;
import javax.swing.JLabel;
import javax.swing.JTextField;
import javax.swing.UIManager;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;

/**
 * The schedule's field and what hangs off it: checked at every keystroke ({@link ScheduleCheck}), the verdict on the
 * line below (the parser's error in red), where property values came from on the next, and the rate preview. The
 * field is one line, as JMeter's group's: a schedule is a short sentence, and a tall box pushed the rest of the
 * editor out of sight.
 */
final class ScheduleEditor {
    /** Readable on JMeter's dark (Darcula) and light themes alike. */
    static final Color ERROR = new Color(0xE0, 0x40, 0x40);
    static final Color WARNING = new Color(0xD0, 0x90, 0x20);
    /** Wide enough for the standard plans' schedules with their property functions. */
    private static final int COLUMNS = 60;
    /** The narrowest the field gets when the editor is narrower than it would like. */
    private static final int MIN_WIDTH = 320;
    private static final String HELP = "<html>The arrivals, in JMeter's open model language:<br>"
            + "<code>rate(20/sec) random_arrivals(60 sec) pause(5 sec)</code><br>"
            + "rate(N/sec|min|hour) sets the rate; a rate before and after arrivals makes a ramp;<br>"
            + "random_arrivals(D) (Poisson) or even_arrivals(D) offer arrivals for D (e.g. 500 ms, 60 sec, 5 min);<br>"
            + "pause(D) offers none. <code>${__P(name,default)}</code> reads a JMeter property.</html>";

    final JTextField field = new JTextField(COLUMNS);
    final JLabel verdict = new CappedLabel();
    final JLabel note = new CappedLabel();
    final RatePreview preview = new RatePreview();
    private ScheduleCheck.Result last;

    ScheduleEditor() {
        field.setName("schedule");
        verdict.setName("scheduleCheck");
        note.setName("scheduleNote");
        field.setToolTipText(HELP);
        field.setMinimumSize(new Dimension(MIN_WIDTH, field.getPreferredSize().height));
        field.getDocument().addDocumentListener(new DocumentListener() {
            @Override
            public void insertUpdate(DocumentEvent e) {
                check();
            }

            @Override
            public void removeUpdate(DocumentEvent e) {
                check();
            }

            @Override
            public void changedUpdate(DocumentEvent e) {
                check();
            }
        });
        check();
    }

    String getText() {
        return field.getText();
    }

    void setText(String schedule) {
        field.setText(schedule);
        field.setCaretPosition(0); // the start of a long schedule, not its middle
    }

    /** The last check, for tests. */
    ScheduleCheck.Result lastCheck() {
        return last;
    }

    private void check() {
        ScheduleCheck.Result r = ScheduleCheck.of(field.getText());
        last = r;
        verdict.setText(r.message());
        verdict.setToolTipText(r.message());
        verdict.setForeground(switch (r.verdict()) {
            case ERROR -> ERROR;
            case EMPTY -> WARNING;
            default -> UIManager.getColor("Label.foreground");
        });
        note.setText(r.note());
        note.setToolTipText(r.note().isEmpty() ? null : r.note());
        note.setVisible(!r.note().isEmpty());
        preview.show(r.schedule(), switch (r.verdict()) {
            case ERROR -> "the schedule has an error";
            case UNRESOLVED -> "the schedule uses a value known only when the test runs";
            default -> "the schedule offers no arrivals";
        });
    }

    /**
     * A label that never asks for more width than the field above it: a long parser message would otherwise widen
     * the editor past JMeter's window. Cut text ends in "..."; the tooltip has all of it.
     */
    private static final class CappedLabel extends JLabel {
        private static final long serialVersionUID = 1L;
        private static final int MAX_WIDTH = 560;

        @Override
        public Dimension getPreferredSize() {
            Dimension d = super.getPreferredSize();
            return new Dimension(Math.min(d.width, MAX_WIDTH), d.height);
        }

        @Override
        public Dimension getMinimumSize() {
            return new Dimension(0, super.getMinimumSize().height);
        }
    }
}
