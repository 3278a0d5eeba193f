package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;
import java.util.Arrays;

import javax.swing.BorderFactory;
import javax.swing.Box;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;

import org.apache.jmeter.assertions.gui.AbstractAssertionGui;
import org.apache.jmeter.gui.util.HorizontalPanel;
import org.apache.jmeter.gui.util.VerticalPanel;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.gui.JLabeledTextField;
import org.esbbench.core.Scenario;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.jmeter.ScenarioReplyAssertion;

/**
 * Editor of {@link ScenarioReplyAssertion}. The combo boxes are editable so a field can hold a
 * {@code ${variable}} as well as a listed value.
 */
public class ScenarioReplyAssertionGui extends AbstractAssertionGui {

    private static final long serialVersionUID = 1L;

    private final JComboBox<String> scenario = new JComboBox<>(
        Arrays.stream(Scenario.values()).map(Scenario::id).toArray(String[]::new));
    private final JLabeledTextField payloadFile = new JLabeledTextField("Payload file sent (expected body):", 50);
    private final JLabeledTextField keystoreDir = new JLabeledTextField("Keystore folder (ws-security):", 50);
    private final JComboBox<String> algorithmSuite = new JComboBox<>(
        Arrays.stream(AlgorithmSuite.values()).map(Enum::name).toArray(String[]::new));
    private final JLabeledTextField securedPerSample =
        new JLabeledTextField("ws-security: payload file is the plain request, secured per sample (true/false):", 10);

    public ScenarioReplyAssertionGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);

        scenario.setEditable(true);
        algorithmSuite.setEditable(true);

        VerticalPanel fields = new VerticalPanel();
        fields.setBorder(BorderFactory.createTitledBorder(
            "Reply must match the scenario (failures: 'incorrect reply: ...', no reply: 'transport error: ...')"));
        fields.add(labelled("Scenario:", scenario));
        fields.add(payloadFile);
        fields.add(keystoreDir);
        fields.add(labelled("WS-Security algorithm suite:", algorithmSuite));
        fields.add(securedPerSample);

        JPanel main = new JPanel(new BorderLayout());
        main.add(fields, BorderLayout.NORTH);
        add(main, BorderLayout.CENTER);
    }

    private static HorizontalPanel labelled(String label, JComboBox<String> box) {
        HorizontalPanel row = new HorizontalPanel();
        row.add(new JLabel(label));
        row.add(box);
        row.add(Box.createHorizontalGlue());
        return row;
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "Scenario Reply Assertion";
    }

    @Override
    public TestElement createTestElement() {
        ScenarioReplyAssertion assertion = new ScenarioReplyAssertion();
        modifyTestElement(assertion);
        return assertion;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
        ScenarioReplyAssertion assertion = (ScenarioReplyAssertion) element;
        assertion.setScenario(text(scenario));
        assertion.setPayloadFile(payloadFile.getText().trim());
        assertion.setKeystoreDir(keystoreDir.getText().trim());
        assertion.setAlgorithmSuite(text(algorithmSuite));
        assertion.setSecuredPerSample(securedPerSample.getText().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        ScenarioReplyAssertion assertion = (ScenarioReplyAssertion) element;
        scenario.setSelectedItem(assertion.getScenario());
        payloadFile.setText(assertion.getPayloadFile());
        keystoreDir.setText(assertion.getKeystoreDir());
        algorithmSuite.setSelectedItem(assertion.getAlgorithmSuite());
        securedPerSample.setText(assertion.getSecuredPerSample());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        scenario.setSelectedIndex(0);
        payloadFile.setText("${payloadFile}");
        keystoreDir.setText("");
        algorithmSuite.setSelectedItem(AlgorithmSuite.MODERN.name());
        securedPerSample.setText("false");
    }

    private static String text(JComboBox<String> box) {
        Object item = box.isEditable() ? box.getEditor().getItem() : box.getSelectedItem();
        return item == null ? "" : item.toString().trim();
    }
}
