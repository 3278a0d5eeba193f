package org.esbbench.maven.plans;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Rule 1, a readable plan: reads a .jmx with the project's hardened parser (no DTD, so no external entities) into
 * a tree of {@link PlanElement}s rooted at the Test Plan; reports a violation instead when it cannot.
 */
final class PlanReader {

    private static final String SAVE_FIX = "open the plan in the JMeter GUI and save it with File > Save Test Plan"
            + " as (or restore it from version control)";

    private PlanReader() {
    }

    /** The Test Plan element with its subtree, or null after reporting why there is none. */
    static PlanElement read(Path plan, Findings findings) {
        byte[] bytes;
        try {
            if (Files.isDirectory(plan)) {
                findings.violation("cannot be read: it is a folder, not a .jmx file", "name a .jmx file");
                return null;
            }
            bytes = Files.readAllBytes(plan);
        } catch (NoSuchFileException e) {
            findings.violation("cannot be read: there is no file " + plan.toAbsolutePath(),
                    "check the plan's path (a plan of your own: the path to its .jmx file)");
            return null;
        } catch (IOException | SecurityException e) {
            findings.violation("cannot be read: " + e, "make the file readable");
            return null;
        }
        Document document;
        try {
            document = XmlDocuments.parse(bytes);
        } catch (SAXParseException e) {
            String where = "line " + e.getLineNumber() + ", column " + e.getColumnNumber();
            if (String.valueOf(e.getMessage()).contains("DOCTYPE")) {
                findings.violation("declares a DOCTYPE (" + where + "), which a JMeter plan never has and which is"
                        + " refused because it can pull in external entities",
                        "delete the <!DOCTYPE ...> declaration, or " + SAVE_FIX);
            } else {
                findings.violation("is not well-formed XML (" + where + ": " + e.getMessage() + ")", SAVE_FIX);
            }
            return null;
        } catch (SAXException e) {
            findings.violation("is not well-formed XML (" + e.getMessage() + ")", SAVE_FIX);
            return null;
        }
        Element root = document.getDocumentElement();
        if (!"jmeterTestPlan".equals(root.getLocalName())) {
            findings.violation("is not a JMeter plan: its root element is <" + root.getTagName()
                    + ">, not <jmeterTestPlan>", "name a .jmx file saved by JMeter");
            return null;
        }
        Element topTree = firstChild(root, "hashTree");
        Element testPlanXml = topTree == null ? null : firstChild(topTree, "TestPlan");
        if (testPlanXml == null) {
            findings.violation("has no Test Plan element (<jmeterTestPlan><hashTree><TestPlan>)", SAVE_FIX);
            return null;
        }
        return build(testPlanXml);
    }

    /** The element {@code xml}, with the elements of the hashTree that follows it as children. */
    private static PlanElement build(Element xml) {
        PlanElement element = new PlanElement(xml);
        Element subtree = nextHashTree(xml);
        if (subtree != null) {
            for (Element child : PlanElement.childElements(subtree)) {
                if (!child.getTagName().equals("hashTree")) {
                    element.addChild(build(child));
                }
            }
        }
        return element;
    }

    private static Element nextHashTree(Element element) {
        for (Node n = element.getNextSibling(); n != null; n = n.getNextSibling()) {
            if (n.getNodeType() == Node.ELEMENT_NODE) {
                Element next = (Element) n;
                return next.getTagName().equals("hashTree") ? next : null;
            }
        }
        return null;
    }

    private static Element firstChild(Element parent, String tag) {
        for (Element child : PlanElement.childElements(parent)) {
            if (child.getTagName().equals(tag)) {
                return child;
            }
        }
        return null;
    }
}
