package org.esbbench.suite.plans;

import java.util.List;
import java.util.Map;

/**
 * Writes a plan tree in the layout JMeter 5.6.3's SaveService writes (two-space indentation, each element
 * followed by the {@code hashTree} of its children), so a plan saved from the GUI differs from the
 * generated one only where something was really changed.
 */
final class JmxWriter {

    private static final String JMETER_VERSION = "5.6.3";

    private final StringBuilder out = new StringBuilder(16 * 1024);

    private JmxWriter() {
    }

    static String write(JmxNode testPlan) {
        JmxWriter writer = new JmxWriter();
        writer.out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        writer.out.append("<jmeterTestPlan version=\"1.2\" properties=\"5.0\" jmeter=\"")
            .append(JMETER_VERSION).append("\">\n");
        writer.hashTree(List.of(testPlan), 1);
        writer.out.append("</jmeterTestPlan>\n");
        return writer.out.toString();
    }

    private void hashTree(List<JmxNode> nodes, int depth) {
        if (nodes.isEmpty()) {
            indent(depth).append("<hashTree/>\n");
            return;
        }
        indent(depth).append("<hashTree>\n");
        for (JmxNode node : nodes) {
            node(node, depth + 1);
            hashTree(node.children(), depth + 1);
        }
        indent(depth).append("</hashTree>\n");
    }

    private void node(JmxNode node, int depth) {
        indent(depth).append('<').append(node.tag());
        attributes(node.attributes());
        if (node.properties().isEmpty()) {
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        for (JmxProperty property : node.properties()) {
            property(property, depth + 1);
        }
        indent(depth).append("</").append(node.tag()).append(">\n");
    }

    private void property(JmxProperty property, int depth) {
        if (property instanceof JmxProperty.StringProp p) {
            simple("stringProp", p.name(), p.value(), depth);
        } else if (property instanceof JmxProperty.BoolProp p) {
            simple("boolProp", p.name(), Boolean.toString(p.value()), depth);
        } else if (property instanceof JmxProperty.IntProp p) {
            simple("intProp", p.name(), Integer.toString(p.value()), depth);
        } else if (property instanceof JmxProperty.LongProp p) {
            simple("longProp", p.name(), Long.toString(p.value()), depth);
        } else if (property instanceof JmxProperty.ElementProp p) {
            indent(depth).append("<elementProp name=\"").append(escape(p.name())).append('"');
            attributes(p.attributes());
            nested("elementProp", p.properties(), depth);
        } else if (property instanceof JmxProperty.CollectionProp p) {
            indent(depth).append("<collectionProp name=\"").append(escape(p.name())).append('"');
            nested("collectionProp", p.items(), depth);
        } else {
            throw new IllegalStateException("unknown property kind " + property);
        }
    }

    private void nested(String tag, List<JmxProperty> properties, int depth) {
        if (properties.isEmpty()) {
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        for (JmxProperty property : properties) {
            property(property, depth + 1);
        }
        indent(depth).append("</").append(tag).append(">\n");
    }

    private void simple(String tag, String name, String value, int depth) {
        indent(depth).append('<').append(tag).append(" name=\"").append(escape(name)).append("\">")
            .append(escape(value)).append("</").append(tag).append(">\n");
    }

    private void attributes(Map<String, String> attributes) {
        attributes.forEach((name, value) ->
            out.append(' ').append(name).append("=\"").append(escape(value)).append('"'));
    }

    private StringBuilder indent(int depth) {
        return out.append("  ".repeat(depth));
    }

    /** XStream (JMeter's serializer) escapes quotes in text too; any reader accepts both forms. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&apos;");
                case '\r' -> escaped.append("&#13;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
