package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;

import javax.swing.BorderFactory;
import javax.swing.JPanel;

import org.apache.jmeter.gui.util.VerticalPanel;
import org.apache.jmeter.processor.gui.AbstractPreProcessorGui;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.gui.JLabeledTextField;
import org.esbbench.jmeter.FreshSecuredRequest;

/** Editor of {@link FreshSecuredRequest}: plain request, keys, suite, Timestamp lifetime, output variable. */
public class FreshSecuredRequestGui extends AbstractPreProcessorGui {

    private static final long serialVersionUID = 1L;

    private final JLabeledTextField payloadFile = new JLabeledTextField("Plain SOAP request file:", 50);
    private final JLabeledTextField keystoreDir = new JLabeledTextField("Keystore folder (client.p12, server.p12):", 50);
    private final JLabeledTextField algorithmSuite = new JLabeledTextField("Algorithm suite (modern or classic):", 20);
    private final JLabeledTextField ttlSeconds = new JLabeledTextField("Timestamp lifetime, seconds:", 10);
    private final JLabeledTextField variable = new JLabeledTextField("Variable for the secured request:", 20);

    public FreshSecuredRequestGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        VerticalPanel fields = new VerticalPanel();
        fields.setBorder(BorderFactory.createTitledBorder(
            "Signs and encrypts the request anew for every sample (new Timestamp, signature, encryption)"));
        fields.add(payloadFile);
        fields.add(keystoreDir);
        fields.add(algorithmSuite);
        fields.add(ttlSeconds);
        fields.add(variable);
        JPanel main = new JPanel(new BorderLayout());
        main.add(fields, BorderLayout.NORTH);
        add(main, BorderLayout.CENTER);
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "WS-Security Fresh Request";
    }

    @Override
    public TestElement createTestElement() {
        FreshSecuredRequest element = new FreshSecuredRequest();
        modifyTestElement(element);
        return element;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
        FreshSecuredRequest request = (FreshSecuredRequest) element;
        request.setPayloadFile(payloadFile.getText().trim());
        request.setKeystoreDir(keystoreDir.getText().trim());
        request.setAlgorithmSuite(algorithmSuite.getText().trim());
        request.setTtlSeconds(ttlSeconds.getText().trim());
        request.setVariable(variable.getText().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        FreshSecuredRequest request = (FreshSecuredRequest) element;
        payloadFile.setText(request.getPayloadFile());
        keystoreDir.setText(request.getKeystoreDir());
        algorithmSuite.setText(request.getAlgorithmSuite());
        ttlSeconds.setText(request.getTtlSeconds());
        variable.setText(request.getVariable());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        payloadFile.setText("${payloadDir}/soap/buyStocks-${size}.xml");
        keystoreDir.setText("${keystoreDir}");
        algorithmSuite.setText("${wsSuite}");
        ttlSeconds.setText(FreshSecuredRequest.DEFAULT_TTL_SECONDS);
        variable.setText(FreshSecuredRequest.DEFAULT_VARIABLE);
    }
}
