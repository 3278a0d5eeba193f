package org.esbbench.jmeter.gui;

import java.awt.FlowLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.UIManager;

/**
 * Rows of label and field, each at its own size: labels in a column on the left, a field as wide as its content
 * unless it is told to stretch, nothing taller than its content. (A grid of equal cells, the editor's layout before,
 * made every field as tall as the tallest row and the label column as wide as the longest label.)
 */
final class Form extends JPanel {
    private static final long serialVersionUID = 1L;
    private static final Insets LABEL = new Insets(4, 0, 4, 8);
    private static final Insets FIELD = new Insets(4, 0, 4, 0);
    private static final Insets UNDER = new Insets(0, 0, 2, 0);
    private int rows;

    Form() {
        super(new GridBagLayout());
    }

    /** A labelled field that takes the form's whole width (the schedule). */
    void stretched(String label, JComponent field, String tooltip) {
        add(label(label, field, tooltip), at(0, LABEL, GridBagConstraints.NONE, 0));
        add(field, at(1, FIELD, GridBagConstraints.HORIZONTAL, 1));
        rows++;
    }

    /** A labelled field at its own width, with a short hint after it on the same line. */
    void sized(String label, JComponent field, String hint, String tooltip) {
        field.setMinimumSize(field.getPreferredSize()); // never squeezed to a sliver when the window is narrow
        field.setToolTipText(tooltip);
        JPanel line = new JPanel(new FlowLayout(FlowLayout.LEADING, 0, 0));
        line.add(field);
        if (hint != null) {
            JLabel h = new JLabel("   " + hint);
            h.setForeground(UIManager.getColor("Label.disabledForeground"));
            h.setToolTipText(tooltip);
            line.add(h);
        }
        add(label(label, field, tooltip), at(0, LABEL, GridBagConstraints.NONE, 0));
        add(line, at(1, FIELD, GridBagConstraints.NONE, 0));
        rows++;
    }

    /** A line under the field above, in the field column (the schedule's verdict). */
    void under(JComponent component) {
        add(component, at(1, UNDER, GridBagConstraints.HORIZONTAL, 1));
        rows++;
    }

    /** A labelled component taking the whole width at its own height (the rate preview). */
    void block(String label, JComponent component) {
        GridBagConstraints l = at(0, LABEL, GridBagConstraints.NONE, 0);
        l.anchor = GridBagConstraints.FIRST_LINE_START;
        add(new JLabel(label), l);
        add(component, at(1, FIELD, GridBagConstraints.HORIZONTAL, 1));
        rows++;
    }

    private static JLabel label(String text, JComponent field, String tooltip) {
        JLabel label = new JLabel(text);
        label.setLabelFor(field);
        label.setToolTipText(tooltip);
        return label;
    }

    private GridBagConstraints at(int column, Insets insets, int fill, double weightX) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = column;
        c.gridy = rows;
        c.anchor = GridBagConstraints.LINE_START;
        c.fill = fill;
        c.weightx = weightX;
        c.insets = insets;
        return c;
    }
}
