package org.esbbench.suite.plans;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test element of a .jmx file: its tag, its attributes ({@code guiclass}, {@code testclass},
 * {@code testname}, {@code enabled}), its properties and the elements under it in the plan tree
 * (written inside the {@code <hashTree>} that follows it).
 */
final class JmxNode {

    private final String tag;
    private final Map<String, String> attributes = new LinkedHashMap<>();
    private final List<JmxProperty> properties = new ArrayList<>();
    private final List<JmxNode> children = new ArrayList<>();

    private JmxNode(String tag) {
        this.tag = tag;
    }

    /** An element as the GUI saves it: tag = test class, with its GUI class and name. */
    static JmxNode element(String testClass, String guiClass, String name) {
        JmxNode node = new JmxNode(testClass);
        node.attributes.put("guiclass", guiClass);
        node.attributes.put("testclass", testClass);
        node.attributes.put("testname", name);
        node.attributes.put("enabled", "true");
        return node;
    }

    JmxNode disabled() {
        attributes.put("enabled", "false");
        return this;
    }

    JmxNode with(JmxProperty property) {
        properties.add(property);
        return this;
    }

    JmxNode string(String name, String value) {
        return with(JmxProperty.string(name, value));
    }

    JmxNode bool(String name, boolean value) {
        return with(JmxProperty.bool(name, value));
    }

    JmxNode child(JmxNode node) {
        children.add(node);
        return this;
    }

    String tag() {
        return tag;
    }

    String name() {
        return attributes.get("testname");
    }

    Map<String, String> attributes() {
        return Collections.unmodifiableMap(attributes);
    }

    List<JmxProperty> properties() {
        return Collections.unmodifiableList(properties);
    }

    List<JmxNode> children() {
        return Collections.unmodifiableList(children);
    }
}
