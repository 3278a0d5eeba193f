package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;
import java.awt.GridLayout;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.gui.AbstractThreadGroupGui;
import org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup;

/**
 * Editor of the {@link ScheduledArrivalsThreadGroup}, under Threads: the schedule (JMeter's open model language), its
 * seed, the connections (pooled or fresh) and the pool's most threads.
 */
public class ScheduledArrivalsThreadGroupGui extends AbstractThreadGroupGui {
    private static final long serialVersionUID = 1L;

    private final JTextField schedule = new JTextField(60);
    private final JTextField seed = new JTextField(10);
    private final JComboBox<String> connections = new JComboBox<>(new String[] {"pooled", "fresh"});
    private final JTextField maxThreads = new JTextField(6);

    public ScheduledArrivalsThreadGroupGui() {
        // editable: the standard plans read it from a property, ${__P(connections,pooled)}, which must survive a save
        connections.setEditable(true);
        JPanel fields = new JPanel(new GridLayout(0, 2, 5, 5));
        fields.add(new JLabel("Schedule (e.g. rate(20/sec) random_arrivals(60 sec) pause(5 sec))"));
        fields.add(schedule);
        fields.add(new JLabel("Random seed (0: new draws every run)"));
        fields.add(seed);
        fields.add(new JLabel("Connections: pooled (kept alive, shared by the arrivals) or fresh (one per arrival)"));
        fields.add(connections);
        fields.add(new JLabel("Most pooled threads (past it, arrivals wait and the wait is in their response time)"));
        fields.add(maxThreads);
        JPanel north = new JPanel(new BorderLayout());
        north.add(makeTitlePanel(), BorderLayout.NORTH);
        add(north, BorderLayout.NORTH);
        add(fields, BorderLayout.CENTER);
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
        maxThreads.setText(element.getPropertyAsString(ScheduledArrivalsThreadGroup.MAX_THREADS, "1000"));
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        element.setProperty(ScheduledArrivalsThreadGroup.SCHEDULE, schedule.getText());
        element.setProperty(ScheduledArrivalsThreadGroup.RANDOM_SEED, seed.getText().isBlank() ? "0" : seed.getText());
        element.setProperty(ScheduledArrivalsThreadGroup.CONNECTIONS, String.valueOf(connections.getSelectedItem()).strip());
        element.setProperty(ScheduledArrivalsThreadGroup.MAX_THREADS, maxThreads.getText());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        schedule.setText("rate(1/sec) random_arrivals(10 sec)");
        seed.setText("0");
        connections.setSelectedItem("pooled");
        maxThreads.setText("1000");
    }
}
