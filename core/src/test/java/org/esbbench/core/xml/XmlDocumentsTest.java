package org.esbbench.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

class XmlDocumentsTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void refusesDocumentTypeDeclarations() {
        // An external entity would read local files from a reply; a DTD is never part of a SOAP message.
        byte[] xxe = bytes("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>");

        assertThatThrownBy(() -> XmlDocuments.parse(xxe)).isInstanceOf(SAXException.class).hasMessageContaining("DOCTYPE");
    }

    @Test
    void canonicalFormsOfEquivalentDocumentsAreEqual() throws SAXException {
        byte[] one = XmlDocuments.canonicalize(XmlDocuments.parse(bytes(
                "<?xml version=\"1.0\"?><p:a xmlns:p=\"urn:p\" xmlns:unused=\"urn:u\" y='2' x=\"1\"><b>&#65;</b></p:a>")));
        byte[] two = XmlDocuments.canonicalize(XmlDocuments.parse(bytes(
                "<p:a x=\"1\" y=\"2\" xmlns:p=\"urn:p\"><b>A</b></p:a>")));
        byte[] other = XmlDocuments.canonicalize(XmlDocuments.parse(bytes(
                "<q:a x=\"1\" y=\"2\" xmlns:q=\"urn:p\"><b>A</b></q:a>")));

        assertThat(one).isEqualTo(two);
        assertThat(other).isNotEqualTo(two);
    }

    @Test
    void findsTheSoapParts() throws SAXException {
        var envelope = XmlDocuments.parse(bytes("<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<e:Header/><e:Body><x/></e:Body></e:Envelope>"));
        var notSoap = XmlDocuments.parse(bytes("<Envelope><Body/></Envelope>"));

        assertThat(XmlDocuments.soapHeader(envelope)).isNotNull();
        assertThat(XmlDocuments.soapBody(envelope).getFirstChild().getNodeName()).isEqualTo("x");
        assertThat(XmlDocuments.soapBody(notSoap)).isNull();
        assertThat(XmlDocuments.isSoap11Envelope(notSoap)).isFalse();
    }
}
