package org.esbbench.jmeter.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dimension;
import java.awt.Window;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import javax.swing.text.BadLocationException;
import javax.swing.text.Document;
import org.apache.jmeter.gui.JMeterGUIComponent;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.NullProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Scheduled Arrivals Thread Group's editor in a real Swing frame on a 1600x1000 X screen ({@link OnXDisplay}:
 * Xvfb in a child JVM, skipped without Xvfb or a display): opened on the group of a standard plan loaded as JMeter's
 * File > Open loads it, it must fit JMeter's editor pane without a horizontal scroll bar, keep its fields one line
 * high, give back every field it was given, take plans saved with the old most-threads property, and check the
 * schedule as it is typed.
 */
@ExtendWith(OnXDisplay.class)
class ScheduledArrivalsThreadGroupGuiIT {
    /** A one-line field, whatever the look and feel: the old editor stretched each to about 120 px. */
    private static final int MOST_FIELD_HEIGHT = 40;
    /** Wide enough to read a schedule at a glance. */
    private static final int LEAST_SCHEDULE_WIDTH = 400;

    private final List<EditorPane> panes = new ArrayList<>();

    @BeforeAll
    static void jmeter() throws Exception {
        GuiTestFiles.initJMeter();
    }

    @AfterEach
    void closePanes() throws Exception {
        onEdt(() -> {
            panes.forEach(EditorPane::close);
            return null;
        });
    }

    @Test
    void theStandardPlansGroupFitsJMetersEditorPaneAndGivesBackEveryField() throws Exception {
        Path plan = GuiTestFiles.plan();
        ScheduledArrivalsThreadGroup group = theArrivalsGroupOf(GuiTestFiles.loadPlan(plan));
        ScheduledArrivalsThreadGroupGui editor = null;
        for (Dimension pane : List.of(EditorPane.MAXIMISED, EditorPane.AS_OPENED)) {
            // An editor opened in a window of that size: JMeter's comment box (a wrapping text area) keeps the width
            // it was last laid out at, so one editor moved from the wider pane to the narrower would measure that.
            ScheduledArrivalsThreadGroupGui opened = openedOn(group);
            editor = opened;
            EditorPane p = show(opened, pane);
            onEdt(() -> {
                int width = p.viewWidth();
                assertThat(opened.getPreferredSize().width).as("the editor's width as JMeter sizes it, in a %d px pane",
                        width).isLessThanOrEqualTo(width);
                // JMeter's comment box wraps to whatever width it is given, so the editor as a whole always "fits";
                // the form of the group's own fields must get all the width it asks for, or GridBagLayout falls back
                // to the fields' least sizes.
                Form form = named(opened, "form", Form.class);
                assertThat(form.getWidth()).as("the width the form is given, in a %d px pane, against what it asks",
                        width).isGreaterThanOrEqualTo(form.getPreferredSize().width);
                assertThat(p.scroll.getHorizontalScrollBar().isShowing()).as("a horizontal scroll bar").isFalse();
                assertThat(p.componentsPastTheRightEdge()).as("components past the pane's right edge").isEmpty();
                for (Component field : fieldsOf(opened)) {
                    assertThat(field.getHeight()).as("height of %s", EditorPane.describe(field))
                            .isPositive().isLessThanOrEqualTo(MOST_FIELD_HEIGHT);
                }
                JTextField schedule = named(opened, "schedule", JTextField.class);
                assertThat(schedule.getWidth()).as("the schedule field's width").isGreaterThanOrEqualTo(LEAST_SCHEDULE_WIDTH)
                        .as("the schedule field's width: the plan's whole schedule shows, not its middle")
                        .isGreaterThanOrEqualTo(schedule.getPreferredSize().width);
                return null;
            });
            savePicture(p, "soap-http-group-" + pane.width + ".png");
        }

        ScheduledArrivalsThreadGroupGui last = editor;
        onEdt(() -> {
            assertThat(named(last, "schedule", JTextField.class).getText()).isEqualTo(group.getSchedule())
                    .contains("${__P(rate,0)}");
            assertThat(named(last, "connections", JComboBox.class).getEditor().getItem())
                    .isEqualTo("${__P(connections,pooled)}");
            JLabel check = named(last, "scheduleCheck", JLabel.class);
            assertThat(check.getText()).as("the check of the plan's schedule at its properties' defaults").startsWith("ok: ");
            assertThat(check.getForeground()).isNotEqualTo(ScheduleEditor.ERROR);
            assertThat(named(last, "scheduleNote", JLabel.class).getText()).startsWith("with rate=");

            ScheduledArrivalsThreadGroup saved = new ScheduledArrivalsThreadGroup();
            last.modifyTestElement(saved);
            assertThat(fieldsOf(saved)).isEqualTo(fieldsOf(group));
            return null;
        });
    }

    @Test
    void everyFieldSetAwayFromItsDefaultComesBackAndClearGuiResetsThem() throws Exception {
        ScheduledArrivalsThreadGroup group = new ScheduledArrivalsThreadGroup();
        group.setName("arrivals under test");
        group.setComment("a comment");
        group.setProperty(AbstractThreadGroup.ON_SAMPLE_ERROR, AbstractThreadGroup.ON_SAMPLE_ERROR_STOPTHREAD);
        group.setProperty(ScheduledArrivalsThreadGroup.SCHEDULE, "rate(20/sec) random_arrivals(60 sec) pause(5 sec)");
        group.setProperty(ScheduledArrivalsThreadGroup.RANDOM_SEED, "42");
        group.setProperty(ScheduledArrivalsThreadGroup.CONNECTIONS, "fresh");
        group.setProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT, "${__P(maxInFlight,64)}");
        ScheduledArrivalsThreadGroupGui editor = onEdt(ScheduledArrivalsThreadGroupGui::new);
        show(editor, EditorPane.MAXIMISED);

        onEdt(() -> {
            editor.configure(group);
            assertThat(named(editor, "maxInFlight", JTextField.class).getText()).isEqualTo("${__P(maxInFlight,64)}");
            ScheduledArrivalsThreadGroup saved = new ScheduledArrivalsThreadGroup();
            editor.modifyTestElement(saved);
            assertThat(stringProperties(saved)).isEqualTo(stringProperties(group));

            editor.clearGui();
            ScheduledArrivalsThreadGroup cleared = new ScheduledArrivalsThreadGroup();
            editor.modifyTestElement(cleared);
            assertThat(cleared.getSchedule()).isEqualTo(ScheduledArrivalsThreadGroupGui.DEFAULT_SCHEDULE);
            assertThat(cleared.getPropertyAsString(ScheduledArrivalsThreadGroup.RANDOM_SEED)).isEqualTo("0");
            assertThat(cleared.getPropertyAsString(ScheduledArrivalsThreadGroup.CONNECTIONS)).isEqualTo("pooled");
            assertThat(cleared.getProperty(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT)).isInstanceOf(NullProperty.class);
            assertThat(cleared.getPropertyAsString(AbstractThreadGroup.ON_SAMPLE_ERROR))
                    .isEqualTo(AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE);
            assertThat(cleared.getComment()).isEmpty();
            return null;
        });
    }

    @Test
    void aPlanWithOnlyTheOldMostThreadsShowsItAsMostInFlightAndIsSavedUnderTheNewNameOnly() throws Exception {
        ScheduledArrivalsThreadGroup group = new ScheduledArrivalsThreadGroup();
        group.setProperty(ScheduledArrivalsThreadGroup.SCHEDULE, "rate(5/sec) random_arrivals(10 sec)");
        group.setProperty(ScheduledArrivalsThreadGroup.MAX_THREADS, "250");
        ScheduledArrivalsThreadGroupGui editor = onEdt(ScheduledArrivalsThreadGroupGui::new);
        show(editor, EditorPane.MAXIMISED);

        onEdt(() -> {
            editor.configure(group);
            JTextField maxInFlight = named(editor, "maxInFlight", JTextField.class);
            assertThat(maxInFlight.getText()).isEqualTo("250");
            assertThat(maxInFlight.getToolTipText()).contains(ScheduledArrivalsThreadGroupGui.IN_FLIGHT_HELP);

            editor.modifyTestElement(group); // what File > Save and leaving the node do
            assertThat(group.getPropertyAsString(ScheduledArrivalsThreadGroup.MAX_IN_FLIGHT)).isEqualTo("250");
            assertThat(group.getProperty(ScheduledArrivalsThreadGroup.MAX_THREADS)).isInstanceOf(NullProperty.class);
            return null;
        });
    }

    @Test
    void aBadScheduleTypedShowsTheParsersErrorInRedAndAGoodOneWhatItOffers() throws Exception {
        ScheduledArrivalsThreadGroupGui editor = onEdt(ScheduledArrivalsThreadGroupGui::new);
        EditorPane pane = show(editor, EditorPane.AS_OPENED);

        onEdt(() -> {
            type(named(editor, "schedule", JTextField.class), "rate(20/sec) random_arrivals(60 parsecs) pause(5 sec)");
            JLabel check = named(editor, "scheduleCheck", JLabel.class);
            assertThat(check.getText()).startsWith("error: ").contains("parsecs");
            assertThat(check.getForeground()).isEqualTo(ScheduleEditor.ERROR);
            assertThat(named(editor, "ratePreviewNote", JLabel.class).getText()).startsWith("No rate preview");
            pane.frame.validate();
            assertThat(pane.componentsPastTheRightEdge()).as("components past the edge with an error shown").isEmpty();
            return null;
        });
        savePicture(pane, "bad-schedule.png");

        onEdt(() -> {
            type(named(editor, "schedule", JTextField.class), "rate(20/sec) random_arrivals(60 sec) pause(5 sec)");
            JLabel check = named(editor, "scheduleCheck", JLabel.class);
            assertThat(check.getText()).isEqualTo("ok: 20/s for 60 s, then a 5 s pause (65 s in all)");
            assertThat(check.getForeground()).isNotEqualTo(ScheduleEditor.ERROR);
            assertThat(named(editor, "ratePreview", RatePreview.class).isChartShown()).as("the rate chart shows").isTrue();
            assertThat(Arrays.stream(Window.getWindows()).filter(Window::isShowing).filter(w -> w != pane.frame))
                    .as("windows other than the editor's (an error dialog)").isEmpty();
            return null;
        });
        savePicture(pane, "good-schedule.png");
    }

    /** Replaces the field's text key by key, as typing does: the check runs at each one. */
    private static void type(JTextField field, String text) throws BadLocationException {
        Document d = field.getDocument();
        d.remove(0, d.getLength());
        for (int i = 0; i < text.length(); i++) {
            d.insertString(i, String.valueOf(text.charAt(i)), null);
        }
    }

    /** As JMeter does when the group is selected in the tree: the editor named by the plan's guiclass, configured. */
    private static ScheduledArrivalsThreadGroupGui openedOn(ScheduledArrivalsThreadGroup group) throws Exception {
        return onEdt(() -> {
            JMeterGUIComponent gui = (JMeterGUIComponent) Class.forName(group.getPropertyAsString(TestElement.GUI_CLASS))
                    .getDeclaredConstructor().newInstance();
            gui.clearGui();
            gui.configure(group);
            return (ScheduledArrivalsThreadGroupGui) gui;
        });
    }

    private static ScheduledArrivalsThreadGroup theArrivalsGroupOf(HashTree tree) {
        SearchByClass<ScheduledArrivalsThreadGroup> search = new SearchByClass<>(ScheduledArrivalsThreadGroup.class);
        tree.traverse(search);
        assertThat(search.getSearchResults()).as("Scheduled Arrivals Thread Groups in the plan").hasSize(1);
        return search.getSearchResults().iterator().next();
    }

    /** The editor's values as a group holds them (absent ones as the group reads them). */
    private static Map<String, String> fieldsOf(ScheduledArrivalsThreadGroup g) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", g.getName());
        fields.put("comment", g.getComment());
        fields.put("enabled", String.valueOf(g.isEnabled()));
        fields.put("gui class", g.getPropertyAsString(TestElement.GUI_CLASS));
        fields.put("on sample error", g.getPropertyAsString(AbstractThreadGroup.ON_SAMPLE_ERROR));
        fields.put("schedule", g.getSchedule());
        fields.put("seed", g.getPropertyAsString(ScheduledArrivalsThreadGroup.RANDOM_SEED, "0"));
        fields.put("connections", g.getPropertyAsString(ScheduledArrivalsThreadGroup.CONNECTIONS, "pooled"));
        fields.put("max in flight", MaxInFlightProperty.read(g));
        return fields;
    }

    /** Every property of a string value (the main controller, an element, is the group's own). */
    private static Map<String, String> stringProperties(TestElement e) {
        Map<String, String> props = new LinkedHashMap<>();
        for (PropertyIterator it = e.propertyIterator(); it.hasNext(); ) {
            JMeterProperty p = it.next();
            if (!(p instanceof TestElementProperty)) {
                props.put(p.getName(), p.getStringValue());
            }
        }
        props.remove(TestElement.GUI_CLASS); // set by the editor on save, not by a test's new element
        props.remove(TestElement.TEST_CLASS);
        return props;
    }

    /** The one-line inputs: text fields and boxes. */
    private static List<Component> fieldsOf(Container root) {
        List<Component> fields = new ArrayList<>();
        for (Component c : root.getComponents()) {
            if (c instanceof JTextField || c instanceof JComboBox) {
                if (c.isShowing()) {
                    fields.add(c);
                }
            } else if (c instanceof Container k) {
                fields.addAll(fieldsOf(k));
            }
        }
        return fields;
    }

    private static <T extends Component> T named(Container root, String name, Class<T> type) {
        T found = find(root, name, type);
        assertThat(found).as("a %s named '%s'", type.getSimpleName(), name).isNotNull();
        return found;
    }

    private static <T extends Component> T find(Container root, String name, Class<T> type) {
        for (Component c : root.getComponents()) {
            if (name.equals(c.getName()) && type.isInstance(c)) {
                return type.cast(c);
            }
            if (c instanceof Container k) {
                T inside = find(k, name, type);
                if (inside != null) {
                    return inside;
                }
            }
        }
        return null;
    }

    private EditorPane show(ScheduledArrivalsThreadGroupGui editor, Dimension pane) throws Exception {
        EditorPane p = onEdt(() -> new EditorPane(editor, pane));
        panes.add(p);
        return p;
    }

    /** The chart is drawn after it is shown; a moment later the picture has it. */
    private static void savePicture(EditorPane pane, String name) throws Exception {
        Thread.sleep(1000);
        onEdt(() -> {
            pane.savePicture(GuiTestFiles.outputDir().resolve(name));
            return null;
        });
    }

    /** Swing is used on its own thread; what fails there fails the test with its own error. */
    private static <T> T onEdt(Callable<T> work) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        try {
            SwingUtilities.invokeAndWait(() -> {
                try {
                    result.set(work.call());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalStateException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw (Exception) cause;
        }
        return result.get();
    }
}
