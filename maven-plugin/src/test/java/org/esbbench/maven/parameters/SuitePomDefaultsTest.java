package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The suite pom keeps as properties only the parameters it interpolates itself, and each with the catalogue's
 * default: the catalogue stays the one place a default is decided.
 */
class SuitePomDefaultsTest {

    @Test
    void everyParameterThePomDeclaresHasTheCataloguesDefault() throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("../suite/pom.xml").toFile()).getDocumentElement();
        Element properties = null;
        for (Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("properties")) {
                properties = e;
            }
        }
        assertThat(properties).isNotNull();
        NodeList children = properties.getChildNodes();
        int parameters = 0;
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e) {
                RunParameter p = ParameterCatalogue.STANDARD.find(e.getTagName()).orElse(null);
                assertThat(p).as("suite pom property " + e.getTagName() + " is a parameter of the catalogue").isNotNull();
                assertThat(e.getTextContent().strip()).as(p.name()).isEqualTo(p.defaultValue());
                parameters++;
            }
        }
        assertThat(parameters).isBetween(1, 8);
    }
}
