package org.esbbench.jmeter;

import org.apache.jmeter.control.ReplaceableController;
import org.apache.jmeter.control.TestFragmentController;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;

/**
 * A Test Fragment whose children stay in the plan only while a JMeter property is set (non-blank).
 *
 * <p>Why it exists: JMeter notifies every listener in the tree when a test starts, wherever it sits, so a
 * listener such as the PerfMon Metrics Collector cannot be switched off with an If Controller or a
 * {@code ${__P()}} in its fields. What JMeter does offer is {@link ReplaceableController}: before a run
 * (non-GUI and GUI alike) {@code JMeter.convertSubTree} asks each replaceable controller for its
 * subtree. This fragment answers with an empty tree when the property is unset, so its children are
 * removed before any of them is started; with the property set it keeps them unchanged.
 *
 * <p>It must stay <em>enabled</em> (unlike an ordinary Test Fragment): a disabled element is removed
 * with its children whatever the property says.
 */
public class PropertyGatedFragment extends TestFragmentController implements ReplaceableController {

    private static final long serialVersionUID = 1L;

    /** Name of the JMeter property that opens the gate. */
    public static final String GATE_PROPERTY = "PropertyGatedFragment.property";

    public String getGateProperty() {
        return getPropertyAsString(GATE_PROPERTY).trim();
    }

    public void setGateProperty(String propertyName) {
        setProperty(GATE_PROPERTY, propertyName);
    }

    /** True when the gate property is set to a non-blank value in JMeter's properties. */
    public boolean isOpen() {
        String name = getGateProperty();
        if (name.isEmpty()) {
            return false;
        }
        String value = JMeterUtils.getProperty(name);
        return value != null && !value.isBlank();
    }

    /**
     * {@code null} keeps the children as they are; an empty tree removes them (JMeter expects a
     * {@link ListedHashTree} there).
     */
    @Override
    public HashTree getReplacementSubTree() {
        return isOpen() ? null : new ListedHashTree();
    }

    @Override
    public void resolveReplacementSubTree(JMeterTreeNode context) {
        // Nothing to resolve: the children are this element's own subtree.
    }
}
