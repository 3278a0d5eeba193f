package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;
import javax.swing.JComboBox;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.gui.AbstractThreadGroupGui;
import org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup;

/**
 * Editor of the {@link ScheduledArrivalsThreadGroup}, under Threads: the schedule (JMeter's open model language),
 * checked as it is typed and previewed as a chart of the rate it offers ({@link ScheduleEditor}), its seed, the
 * connections (pooled or fresh) and the most requests in flight. Laid out as JMeter's own Open Model Thread Group,
 * which the standard plans used before: the name, comments and the action after a sampler error from JMeter's thread
 * group editor on top, then compact fields, so that the whole editor fits JMeter's window without scrolling.
 */
public class ScheduledArrivalsThreadGroupGui extends AbstractThreadGroupGui {
    private static final long serialVersionUID = 1L;
    static final String DEFAULT_SCHEDULE = "rate(1/sec) random_arrivals(10 sec)";
    static final String IN_FLIGHT_HELP = "past it, arrivals wait for a request to end; the wait is counted as the"
            + " server's backlog and the point is flagged in-flight-capped";

    private final transient ScheduleEditor schedule = new ScheduleEditor();
    private final JTextField seed = new JTextField(8);
    private final JComboBox<String> connections = new JComboBox<>(new String[] {"pooled", "fresh"});
    private final JTextField maxInFlight = new JTextField(8);

    public ScheduledArrivalsThreadGroupGui() {
        seed.setName("seed");
        connections.setName("connections");
        maxInFlight.setName("maxInFlight");
        // Editable: the standard plans read it from a property, ${__P(connections,pooled)}, which must survive a
        // save; the prototype makes the box wide enough to show such a value whole.
        connections.setEditable(true);
        connections.setPrototypeDisplayValue("${__P(connections,pooled)}");

        Form form = new Form();
        form.setName("form");
        form.stretched("Schedule", schedule.field, null);
        form.under(schedule.verdict);
        form.under(schedule.note);
        form.sized("Random seed", seed, "0: new draws every run",
                "0: new draws every run; any other number draws the same arrivals every run");
        form.sized("Connections", connections, "pooled: kept alive, shared by the arrivals; fresh: one per arrival",
                "pooled: threads that keep their connections alive, shared by the arrivals;"
                        + " fresh: a new thread and connection for each arrival");
        form.sized("Most requests in flight", maxInFlight, "empty: the group's default",
                "A number or ${__P(maxInFlight,...)}: " + IN_FLIGHT_HELP);
        form.block("Offered rate", schedule.preview);

        // The thread group editor keeps its title and on-error panels at the top; the form goes under them, at its
        // own height (the centre of a BorderLayout would stretch it to the window's).
        JPanel top = new JPanel(new BorderLayout());
        top.add(form, BorderLayout.NORTH);
        add(top, BorderLayout.CENTER);
        initFields();
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "Scheduled Arrivals Thread Group";
    }

    @Override
    public TestElement createTestElement() {
        ScheduledArrivalsThreadGroup group = new ScheduledArrivalsThreadGroup();
        modifyTestElement(group);
        return group;
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        schedule.setText(element.getPropertyAsString(ScheduledArrivalsThreadGroup.SCHEDULE));
        seed.setText(element.getPropertyAsString(ScheduledArrivalsThreadGroup.RANDOM_SEED, "0"));
        connections.setSelectedItem(element.getPropertyAsString(ScheduledArrivalsThreadGroup.CONNECTIONS, "pooled"));
        maxInFlight.setText(MaxInFlightProperty.read(element));
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        element.setProperty(ScheduledArrivalsThreadGroup.SCHEDULE, schedule.getText());
        element.setProperty(ScheduledArrivalsThreadGroup.RANDOM_SEED, seed.getText().isBlank() ? "0" : seed.getText().strip());
        element.setProperty(ScheduledArrivalsThreadGroup.CONNECTIONS, connectionsText());
        MaxInFlightProperty.write(element, maxInFlight.getText());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        initFields();
    }

    private void initFields() {
        schedule.setText(DEFAULT_SCHEDULE);
        seed.setText("0");
        connections.setSelectedItem("pooled");
        maxInFlight.setText("");
    }

    /** What the box shows, typed text included: an editable box's selection changes only once the edit is committed. */
    private String connectionsText() {
        Object shown = connections.isEditable() ? connections.getEditor().getItem() : connections.getSelectedItem();
        String text = shown == null ? "" : shown.toString().strip();
        return text.isEmpty() ? "pooled" : text;
    }

    /** The schedule's last check, for tests. */
    ScheduleCheck.Result scheduleCheck() {
        return schedule.lastCheck();
    }
}
