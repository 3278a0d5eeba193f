package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;

import javax.swing.JLabel;

import org.apache.jmeter.config.gui.AbstractConfigGui;
import org.apache.jmeter.testelement.TestElement;
import org.esbbench.jmeter.MicrosecondTiming;

/**
 * Editor of {@link MicrosecondTiming}, under Config Elements: nothing to set; it times the samplers in its scope
 * (put it on the Test Plan to cover every sampler).
 */
public class MicrosecondTimingGui extends AbstractConfigGui {

    private static final long serialVersionUID = 1L;

    public MicrosecondTimingGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        add(new JLabel("<html>Times every sampler in its scope (on the Test Plan: all) in microseconds into the variable <b>"
            + MicrosecondTiming.VARIABLE + "</b>.<br>Save it as a results column with the JMeter property"
            + " <code>sample_variables=" + MicrosecondTiming.VARIABLE + "</code> (the suite sets it).</html>"),
            BorderLayout.CENTER);
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "Microsecond Timing";
    }

    @Override
    public TestElement createTestElement() {
        MicrosecondTiming timing = new MicrosecondTiming();
        modifyTestElement(timing);
        return timing;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
    }
}
