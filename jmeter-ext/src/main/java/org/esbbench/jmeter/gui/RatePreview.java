package org.esbbench.jmeter.gui;

import java.awt.CardLayout;
import java.awt.Dimension;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.SwingConstants;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.gui.TargetRateChart;

/**
 * The chart of the rate a schedule offers over time: JMeter's own, from its Open Model Thread Group (public, and it
 * reads a schedule's steps exactly as the group does: a rate before arrivals to the rate after them, a ramp between),
 * so both groups preview a schedule alike. When there is nothing to draw it says why instead.
 *
 * <p>The chart is built only once the panel is on screen: JMeter makes one editor of every kind when it builds its
 * menus, and a chart (a lets-plot figure drawn by Batik) for each would slow its start for nothing.
 */
final class RatePreview extends JPanel {
    private static final long serialVersionUID = 1L;
    private static final String CHART = "chart";
    private static final String NOTE = "note";
    /** As JMeter's group: tall enough to read, narrow enough never to widen the editor (the layout stretches it). */
    private static final Dimension SIZE = new Dimension(320, 200);

    private final CardLayout cards = new CardLayout();
    private final JLabel note = new JLabel("", SwingConstants.CENTER);
    private transient TargetRateChart chart;
    private transient ThreadSchedule pending;
    private boolean hasPending;

    RatePreview() {
        setLayout(cards);
        setName("ratePreview");
        note.setName("ratePreviewNote");
        add(note, NOTE);
        setPreferredSize(SIZE);
        setMinimumSize(new Dimension(0, SIZE.height));
        show(null, "no preview yet");
    }

    /** Draws the schedule's rate, or shows {@code why} when {@code schedule} is null. */
    void show(ThreadSchedule schedule, String why) {
        if (schedule == null) {
            hasPending = false;
            pending = null;
            note.setText("No rate preview: " + why);
            cards.show(this, NOTE);
            return;
        }
        pending = schedule;
        hasPending = true;
        if (isDisplayable()) {
            draw();
        }
    }

    @Override
    public void addNotify() {
        super.addNotify();
        if (hasPending) {
            draw();
        }
    }

    /** True when the chart, not the note, is showing (for tests). */
    boolean isChartShown() {
        return chart != null && chart.isVisible() && !note.isVisible();
    }

    private void draw() {
        ThreadSchedule schedule = pending;
        hasPending = false;
        pending = null;
        try {
            if (chart == null) {
                chart = new TargetRateChart();
                add(chart, CHART);
            }
            chart.updateSchedule(schedule);
            cards.show(this, CHART);
            revalidate();
        } catch (RuntimeException | LinkageError e) {
            // A JMeter without its chart libraries, or a schedule the chart cannot draw: the check above still holds.
            note.setText("No rate preview: " + e);
            cards.show(this, NOTE);
        }
    }
}
