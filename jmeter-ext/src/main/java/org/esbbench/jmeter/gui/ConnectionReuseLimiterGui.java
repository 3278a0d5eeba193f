package org.esbbench.jmeter.gui;

import java.awt.BorderLayout;

import javax.swing.JPanel;

import org.apache.jmeter.processor.gui.AbstractPreProcessorGui;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.gui.JLabeledTextField;
import org.esbbench.jmeter.ConnectionReuseLimiter;

/** Editor of {@link ConnectionReuseLimiter}: requests per keep-alive connection. */
public class ConnectionReuseLimiterGui extends AbstractPreProcessorGui {

    private static final long serialVersionUID = 1L;

    private final JLabeledTextField requestsPerConnection =
        new JLabeledTextField("Requests per keep-alive connection (0 = never renew):", 10);

    public ConnectionReuseLimiterGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        JPanel fields = new JPanel(new BorderLayout());
        fields.add(requestsPerConnection, BorderLayout.NORTH);
        add(fields, BorderLayout.CENTER);
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getStaticLabel() {
        return "Connection Reuse Limit";
    }

    @Override
    public TestElement createTestElement() {
        ConnectionReuseLimiter limiter = new ConnectionReuseLimiter();
        modifyTestElement(limiter);
        return limiter;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
        ((ConnectionReuseLimiter) element).setRequestsPerConnection(requestsPerConnection.getText().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        requestsPerConnection.setText(((ConnectionReuseLimiter) element).getRequestsPerConnection());
    }

    @Override
    public void clearGui() {
        super.clearGui();
        requestsPerConnection.setText("${reuse}");
    }
}
