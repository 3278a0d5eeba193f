package org.esbbench.maven.plans;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One test element of a .jmx (Test Plan, thread group, controller, sampler, ...): its attributes, its properties
 * (the child {@code stringProp}, {@code boolProp}, ... elements) and the elements of its {@code hashTree}.
 */
public final class PlanElement {

    private final Element xml;
    private final String testclass;
    private final String guiclass;
    private final String testname;
    private final boolean enabled;
    private final List<PlanElement> children = new ArrayList<>();

    PlanElement(Element xml) {
        this.xml = xml;
        String declared = xml.getAttribute("testclass");
        this.testclass = declared.isEmpty() ? xml.getTagName() : declared;
        this.guiclass = xml.getAttribute("guiclass");
        this.testname = xml.getAttribute("testname");
        // JMeter 5.6 leaves out enabled="true"
        this.enabled = !"false".equalsIgnoreCase(xml.getAttribute("enabled").trim());
    }

    public String testclass() {
        return testclass;
    }

    public String guiclass() {
        return guiclass;
    }

    public String testname() {
        return testname;
    }

    /** The element's own flag; a disabled element switches off its subtree (but see Module Controllers). */
    boolean enabled() {
        return enabled;
    }

    List<PlanElement> children() {
        return Collections.unmodifiableList(children);
    }

    void addChild(PlanElement child) {
        children.add(child);
    }

    public boolean is(String testclassName) {
        return testclass.equals(testclassName);
    }

    public boolean isSampler() {
        return testclass.endsWith("Sampler") || testclass.endsWith("SamplerProxy");
    }

    public boolean isAssertion() {
        return testclass.endsWith("Assertion");
    }

    public boolean isThreadGroup() {
        return testclass.endsWith("ThreadGroup");
    }

    boolean isModuleController() {
        return is("ModuleController");
    }

    boolean isTestFragment() {
        return is("TestFragmentController");
    }

    String kind() {
        return ElementKinds.of(this);
    }

    /** The text of the direct property {@code name} ({@code stringProp}, {@code boolProp}, ...), or null. */
    public String prop(String name) {
        return prop(xml, name);
    }

    /** The direct property {@code name}, blank when absent. */
    public String propOrEmpty(String name) {
        String value = prop(name);
        return value == null ? "" : value;
    }

    /** The direct {@code elementProp} called {@code name}, or null. */
    public Element elementProp(String name) {
        for (Element child : childElements(xml)) {
            if (child.getTagName().equals("elementProp") && name.equals(child.getAttribute("name"))) {
                return child;
            }
        }
        return null;
    }

    /** The texts of the direct {@code collectionProp} called {@code name}, in order; empty when absent. */
    List<String> collection(String name) {
        List<String> values = new ArrayList<>();
        for (Element child : childElements(xml)) {
            if (child.getTagName().equals("collectionProp") && name.equals(child.getAttribute("name"))) {
                for (Element item : childElements(child)) {
                    values.add(item.getTextContent());
                }
            }
        }
        return values;
    }

    /** Every property value of the element, nested ones included (element and collection properties). */
    public List<String> propertyValues() {
        List<String> values = new ArrayList<>();
        collectValues(xml, values);
        return values;
    }

    private static void collectValues(Element holder, List<String> values) {
        for (Element child : childElements(holder)) {
            String tag = child.getTagName();
            if (tag.equals("hashTree")) {
                continue;
            }
            String name = child.getAttribute("name");
            if (name.contains("${")) {
                values.add(name); // e.g. a file argument is keyed by its path
            }
            if (childElements(child).isEmpty()) {
                values.add(child.getTextContent());
            } else {
                collectValues(child, values);
            }
        }
    }

    /** The arguments (name to value, in order) of an {@code Arguments} element or element property. */
    static Map<String, String> arguments(Element holder) {
        Map<String, String> arguments = new LinkedHashMap<>();
        if (holder == null) {
            return arguments;
        }
        for (Element collection : childElements(holder)) {
            if (!collection.getTagName().equals("collectionProp")
                    || !"Arguments.arguments".equals(collection.getAttribute("name"))) {
                continue;
            }
            for (Element argument : childElements(collection)) {
                String name = prop(argument, "Argument.name");
                if (name != null && !name.isBlank()) {
                    String value = prop(argument, "Argument.value");
                    arguments.put(name.trim(), value == null ? "" : value);
                }
            }
        }
        return arguments;
    }

    Element xml() {
        return xml;
    }

    public static String prop(Element holder, String name) {
        for (Element child : childElements(holder)) {
            if (child.getTagName().endsWith("Prop") && !child.getTagName().equals("elementProp")
                    && !child.getTagName().equals("collectionProp") && name.equals(child.getAttribute("name"))) {
                return child.getTextContent();
            }
        }
        return null;
    }

    static List<Element> childElements(Node parent) {
        List<Element> elements = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child.getNodeType() == Node.ELEMENT_NODE) {
                elements.add((Element) child);
            }
        }
        return elements;
    }

    @Override
    public String toString() {
        return testclass + " '" + testname + "'";
    }
}
