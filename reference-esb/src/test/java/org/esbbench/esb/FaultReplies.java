package org.esbbench.esb;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Assertions on the fault replies the server sends. */
final class FaultReplies {

    private FaultReplies() {
    }

    /** A SOAP 1.1 fault with {@code status}; returns its faultcode and faultstring as "code: string". */
    static String soapFault(HttpResponse<byte[]> reply, int status) throws Exception {
        assertThat(reply.statusCode()).as(new String(reply.body(), StandardCharsets.UTF_8)).isEqualTo(status);
        assertThat(reply.headers().firstValue("Content-Type")).hasValue("text/xml; charset=UTF-8");
        Document envelope = XmlDocuments.parse(reply.body());
        Element body = XmlDocuments.soapBody(envelope);
        assertThat(body).as("SOAP Body of the fault reply").isNotNull();
        Element fault = (Element) body.getElementsByTagNameNS(XmlDocuments.SOAP11_NS, "Fault").item(0);
        assertThat(fault).as("soapenv:Fault").isNotNull();
        String code = fault.getElementsByTagName("faultcode").item(0).getTextContent();
        String string = fault.getElementsByTagName("faultstring").item(0).getTextContent();
        return code + ": " + string;
    }
}
