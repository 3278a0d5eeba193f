package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;

import javax.swing.JPanel;

import org.apache.jmeter.control.gui.TestFragmentControllerGui;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.gui.JLabeledTextField;
import org.esbbench.jmeter.PropertyGatedFragment;

/** Editor of {@link PropertyGatedFragment}: the title panel plus the name of the gate property. */
public class PropertyGatedFragmentGui extends TestFragmentControllerGui {

    private static final long serialVersionUID = 1L;

    private final JLabeledTextField gateProperty =
        new JLabeledTextField("Keep children only while this JMeter property is set (-J<name>=...):", 20);

    public PropertyGatedFragmentGui() {
        JPanel fields = new JPanel(new BorderLayout());
        fields.add(gateProperty, BorderLayout.NORTH);
        add(fields, BorderLayout.CENTER);
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "Property-gated Fragment";
    }

    @Override
    public TestElement createTestElement() {
        PropertyGatedFragment fragment = new PropertyGatedFragment();
        modifyTestElement(fragment);
        return fragment;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
        ((PropertyGatedFragment) element).setGateProperty(gateProperty.getText().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        gateProperty.setText(((PropertyGatedFragment) element).getGateProperty());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        gateProperty.setText("");
    }
}
