package org.esbbench.suite.plans;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A property of a test element in the .jmx format. Numbers that may hold {@code ${...}} are always
 * string properties: JMeter fails to load an {@code intProp} whose text is not a number.
 */
sealed interface JmxProperty {

    String name();

    record StringProp(String name, String value) implements JmxProperty {
    }

    record BoolProp(String name, boolean value) implements JmxProperty {
    }

    record IntProp(String name, int value) implements JmxProperty {
    }

    record LongProp(String name, long value) implements JmxProperty {
    }

    /** A nested element: {@code attributes} holds elementType and, for GUI-backed ones, guiclass/testclass/testname. */
    record ElementProp(String name, Map<String, String> attributes, List<JmxProperty> properties)
        implements JmxProperty {
    }

    record CollectionProp(String name, List<JmxProperty> items) implements JmxProperty {
    }

    static StringProp string(String name, String value) {
        return new StringProp(name, value);
    }

    static BoolProp bool(String name, boolean value) {
        return new BoolProp(name, value);
    }

    static IntProp intValue(String name, int value) {
        return new IntProp(name, value);
    }

    static LongProp longValue(String name, long value) {
        return new LongProp(name, value);
    }

    static ElementProp element(String name, String elementType, JmxProperty... properties) {
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("elementType", elementType);
        return new ElementProp(name, attributes, List.of(properties));
    }

    /** A nested element with its own editor, as JMeter writes the Arguments table of a sampler or plan. */
    static ElementProp guiElement(String name, String elementType, String guiClass, String testClass, String testName,
                                  JmxProperty... properties) {
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("elementType", elementType);
        attributes.put("guiclass", guiClass);
        attributes.put("testclass", testClass);
        attributes.put("testname", testName);
        attributes.put("enabled", "true");
        return new ElementProp(name, attributes, List.of(properties));
    }

    static CollectionProp collection(String name, List<? extends JmxProperty> items) {
        return new CollectionProp(name, List.copyOf(items));
    }

    /**
     * A list of plain strings, named as JMeter names them (the hash code of the value), e.g. a Module
     * Controller's path or a PerfMon row.
     */
    static CollectionProp stringList(String name, List<String> values) {
        return new CollectionProp(name, values.stream()
            .<JmxProperty>map(v -> string(String.valueOf(v.hashCode()), v))
            .toList());
    }
}
