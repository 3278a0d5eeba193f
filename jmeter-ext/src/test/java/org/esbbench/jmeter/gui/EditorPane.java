package org.esbbench.jmeter.gui;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JScrollPane;
import javax.swing.SwingUtilities;

/**
 * An editor shown as JMeter shows it: in a scroll pane as wide as JMeter's editor pane (right of the tree) in its
 * main window on a 1600x1000 screen, in a real frame, so that what is measured is what Swing lays out on screen.
 * The widths were measured on JMeter 5.6.3's window opened by {@code mvn -Pgui -Dplan=direct} under Xvfb 1600x1000:
 * maximised, the pane is 1189 px wide; as JMeter opens it (80% of the screen, 1280x800), 933 px. The test uses a
 * few pixels less, for a border.
 */
final class EditorPane implements AutoCloseable {
    static final Dimension MAXIMISED = new Dimension(1185, 900);
    static final Dimension AS_OPENED = new Dimension(930, 700);

    final JFrame frame = new JFrame("editor pane");
    final JScrollPane scroll;
    private final JComponent editor;

    /** Call on the event dispatch thread. */
    EditorPane(JComponent editor, Dimension pane) {
        this.editor = editor;
        scroll = new JScrollPane(editor);
        scroll.setBorder(null);
        scroll.setPreferredSize(pane);
        frame.setContentPane(scroll);
        frame.pack();
        frame.setVisible(true);
        frame.validate();
    }

    /** Width the editor is given: the scroll pane's view, less a vertical scroll bar if one shows. */
    int viewWidth() {
        return scroll.getViewport().getExtentSize().width;
    }

    /** Every showing component of the editor whose right edge lies past the pane's view. */
    List<String> componentsPastTheRightEdge() {
        List<String> past = new ArrayList<>();
        collectPast(editor, viewWidth(), past);
        return past;
    }

    private void collectPast(Component c, int width, List<String> past) {
        if (!c.isShowing()) {
            return;
        }
        Rectangle r = SwingUtilities.convertRectangle(c.getParent(), c.getBounds(), scroll.getViewport());
        if (r.x + r.width > width) {
            past.add(describe(c) + " ends at x=" + (r.x + r.width));
        }
        if (c instanceof Container k) {
            for (Component child : k.getComponents()) {
                collectPast(child, width, past);
            }
        }
    }

    static String describe(Component c) {
        return c.getClass().getSimpleName() + (c.getName() == null ? "" : " '" + c.getName() + "'");
    }

    /** A PNG of the pane as shown, for a person to look at (target/gui-it). */
    void savePicture(Path file) throws IOException {
        BufferedImage image = new BufferedImage(scroll.getWidth(), scroll.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            scroll.paint(g);
        } finally {
            g.dispose();
        }
        Files.createDirectories(file.getParent());
        ImageIO.write(image, "png", file.toFile());
    }

    @Override
    public void close() {
        frame.dispose();
    }
}
