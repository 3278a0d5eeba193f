package org.esbbench.jmeter;

import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;

import org.apache.jmeter.control.ReplaceableController;
import org.apache.jmeter.control.TestFragmentController;
import org.apache.jmeter.gui.GuiPackage;
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
 * <p>With {@value #GATE_VALUE} set, the gate opens only when the property has that value (ignoring case and
 * surrounding blanks), {@value #UNSET_VALUE} standing for the property when it is unset or blank. This picks
 * one of several alternative subtrees before the run, at no cost per sample (ws-security.jmx chooses its
 * {@code wsMode} this way). {@value #ALLOWED_VALUES} (comma-separated) lists the values the property may
 * take; any other stops the run before it starts, so a typo cannot leave a plan with no sampler at all.
 *
 * <p>It must stay <em>enabled</em> (unlike an ordinary Test Fragment): a disabled element is removed
 * with its children whatever the property says.
 */
public class PropertyGatedFragment extends TestFragmentController implements ReplaceableController {

    private static final long serialVersionUID = 1L;

    /** This fragment's node in JMeter's tree model, once known (see {@link #resolveReplacementSubTree}). */
    private transient JMeterTreeNode ownNode;

    /** Name of the JMeter property that opens the gate. */
    public static final String GATE_PROPERTY = "PropertyGatedFragment.property";

    /** Optional: the value that opens the gate; blank = any non-blank value opens it. */
    public static final String GATE_VALUE = "PropertyGatedFragment.value";

    /** Optional, with {@value #GATE_VALUE}: the value assumed while the property is unset or blank. */
    public static final String UNSET_VALUE = "PropertyGatedFragment.unsetValue";

    /** Optional, with {@value #GATE_VALUE}: comma-separated values the property may take; others are an error. */
    public static final String ALLOWED_VALUES = "PropertyGatedFragment.allowedValues";

    public String getGateProperty() {
        return getPropertyAsString(GATE_PROPERTY).trim();
    }

    public void setGateProperty(String propertyName) {
        setProperty(GATE_PROPERTY, propertyName);
    }

    public String getGateValue() {
        return getPropertyAsString(GATE_VALUE).trim();
    }

    public void setGateValue(String value) {
        setProperty(GATE_VALUE, value, "");
    }

    public String getUnsetValue() {
        return getPropertyAsString(UNSET_VALUE).trim();
    }

    public void setUnsetValue(String value) {
        setProperty(UNSET_VALUE, value, "");
    }

    public String getAllowedValues() {
        return getPropertyAsString(ALLOWED_VALUES).trim();
    }

    public void setAllowedValues(String values) {
        setProperty(ALLOWED_VALUES, values, "");
    }

    /**
     * Without a gate value: true when the gate property is set to a non-blank value in JMeter's properties.
     * With one: true when the property's value (or the unset value) equals it.
     *
     * @throws IllegalArgumentException when allowed values are listed and the property's value is not one of them
     */
    public boolean isOpen() {
        String name = getGateProperty();
        if (name.isEmpty()) {
            return false;
        }
        String value = JMeterUtils.getProperty(name);
        String wanted = getGateValue();
        if (wanted.isEmpty()) {
            return value != null && !value.isBlank();
        }
        String actual = value == null || value.isBlank() ? getUnsetValue() : value.trim();
        List<String> allowed = allowed();
        if (!allowed.isEmpty() && !allowed.contains(actual.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("JMeter property " + name + " is '" + actual + "', expected one of "
                + String.join(", ", allowed));
        }
        return actual.equalsIgnoreCase(wanted);
    }

    private List<String> allowed() {
        String list = getAllowedValues();
        if (list.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(v -> v.trim().toLowerCase(Locale.ROOT)).filter(v -> !v.isEmpty())
            .toList();
    }

    /**
     * Closed: an empty tree, which removes the children (JMeter expects a {@link ListedHashTree} there). Open:
     * this fragment's own children, taken from its node in JMeter's tree model; {@code null} (keep the
     * children as they are) only when there is no tree model, as in a plain {@link HashTree}.
     *
     * <p>Why not always {@code null} when open: inside a Module Controller's target the subtree JMeter converts
     * is made of tree nodes, and for a replaceable controller that answers {@code null} JMeter neither converts
     * its children nor replaces its node, so the run fails with a ClassCastException (JMeterTreeNode is not a
     * TestElement). Answering with the children lets JMeter convert them like any other subtree.
     */
    @Override
    public HashTree getReplacementSubTree() {
        if (!isOpen()) {
            return new ListedHashTree();
        }
        JMeterTreeNode node = ownNode();
        if (node == null) {
            return null;
        }
        HashTree children = new ListedHashTree();
        addChildren(children, node);
        return children;
    }

    private static void addChildren(HashTree tree, JMeterTreeNode node) {
        Enumeration<?> children = node.children();
        while (children.hasMoreElements()) {
            JMeterTreeNode child = (JMeterTreeNode) children.nextElement();
            tree.add(child);
            addChildren(tree.getTree(child), child);
        }
    }

    /**
     * Non-GUI runs call this on every replaceable controller of the loaded plan, with the root of the tree
     * model, before converting the plan: remember this fragment's node there.
     */
    @Override
    public void resolveReplacementSubTree(JMeterTreeNode context) {
        if (context != null) {
            JMeterTreeNode found = find(context);
            if (found != null) {
                ownNode = found;
            }
        }
    }

    private JMeterTreeNode find(JMeterTreeNode node) {
        if (node.getUserObject() == this) {
            return node;
        }
        Enumeration<?> children = node.children();
        while (children.hasMoreElements()) {
            JMeterTreeNode found = find((JMeterTreeNode) children.nextElement());
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The node resolved in a non-GUI run, else (GUI runs do not resolve) this element's node in the GUI. */
    private JMeterTreeNode ownNode() {
        if (ownNode == null) {
            GuiPackage gui = GuiPackage.getInstance();
            if (gui != null) {
                ownNode = gui.getNodeOf(this);
            }
        }
        return ownNode;
    }

    /**
     * A Module Controller clones the Test Fragment it runs when that fragment is disabled (as the plans keep
     * theirs): the clone keeps the original's node, so it still knows its children.
     */
    @Override
    public Object clone() {
        PropertyGatedFragment clone = (PropertyGatedFragment) super.clone();
        clone.ownNode = ownNode();
        return clone;
    }
}
