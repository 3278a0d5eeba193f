package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;

import javax.swing.JPanel;

import org.apache.jmeter.control.gui.TestFragmentControllerGui;
import org.apache.jmeter.gui.util.VerticalPanel;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.gui.JLabeledTextField;
import org.esbbench.jmeter.PropertyGatedFragment;

/**
 * Editor of {@link PropertyGatedFragment}: the title panel, the name of the gate property and, to choose
 * between alternatives, the value that opens the gate, the value assumed while the property is unset and the
 * values allowed.
 */
public class PropertyGatedFragmentGui extends TestFragmentControllerGui {

    private static final long serialVersionUID = 1L;

    private final JLabeledTextField gateProperty =
        new JLabeledTextField("Keep children only while this JMeter property is set (-J<name>=...):", 20);

    private final JLabeledTextField gateValue =
        new JLabeledTextField("... and only while its value is (blank: any value):", 20);
    private final JLabeledTextField unsetValue =
        new JLabeledTextField("Value assumed while the property is unset:", 20);
    private final JLabeledTextField allowedValues =
        new JLabeledTextField("Allowed values, comma-separated (others stop the run; blank: any):", 30);

    public PropertyGatedFragmentGui() {
        VerticalPanel rows = new VerticalPanel();
        rows.add(gateProperty);
        rows.add(gateValue);
        rows.add(unsetValue);
        rows.add(allowedValues);
        JPanel fields = new JPanel(new BorderLayout());
        fields.add(rows, BorderLayout.NORTH);
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
        PropertyGatedFragment fragment = (PropertyGatedFragment) element;
        fragment.setGateProperty(gateProperty.getText().trim());
        fragment.setGateValue(gateValue.getText().trim());
        fragment.setUnsetValue(unsetValue.getText().trim());
        fragment.setAllowedValues(allowedValues.getText().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        PropertyGatedFragment fragment = (PropertyGatedFragment) element;
        gateProperty.setText(fragment.getGateProperty());
        gateValue.setText(fragment.getGateValue());
        unsetValue.setText(fragment.getUnsetValue());
        allowedValues.setText(fragment.getAllowedValues());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        gateProperty.setText("");
        gateValue.setText("");
        unsetValue.setText("");
        allowedValues.setText("");
    }
}
