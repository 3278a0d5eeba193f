package org.esbbench.esb.mediation;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.transform.stream.StreamSource;

import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.Serializer;
import net.sf.saxon.s9api.Xslt30Transformer;
import net.sf.saxon.s9api.XsltCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.esbbench.esb.faults.BadGatewayReplyException;
import org.esbbench.esb.faults.FaultBodies;
import org.esbbench.esb.faults.MalformedRequestException;

/**
 * The {@code xslt} scenario's mediation with Saxon-HE's s9api: both stylesheets are compiled once into
 * thread-safe executables; each message gets a cheap transformer that reads the body bytes and
 * serialises straight into the new body, with no type conversion of the body to a JAXP Source in between.
 * DTDs are refused, as everywhere in this server.
 */
public final class XsltMediation {

    private static final String DISALLOW_DOCTYPE = "http://saxon.sf.net/feature/parserFeature?uri="
            + URLEncoder.encode("http://apache.org/xml/features/disallow-doctype-decl", StandardCharsets.UTF_8);

    private final Processor saxon = new Processor(false);
    private final XsltExecutable request;
    private final XsltExecutable reply;

    /** @param requestStylesheet,replyStylesheet a file path, or else a classpath resource */
    public XsltMediation(String requestStylesheet, String replyStylesheet) {
        // Passed to the JDK's SAX parser Saxon uses: a DOCTYPE is a parse error (no entity expansion).
        saxon.setConfigurationProperty(DISALLOW_DOCTYPE, true);
        XsltCompiler compiler = saxon.newXsltCompiler();
        this.request = compile(compiler, requestStylesheet);
        this.reply = compile(compiler, replyStylesheet);
    }

    public void request(Exchange exchange) {
        Message message = exchange.getMessage();
        try {
            message.setBody(transform(request, RequestBody.requireBytes(message)));
        } catch (SaxonApiException e) {
            throw new MalformedRequestException("Malformed XML: " + e.getMessage(), e);
        }
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    public void reply(Exchange exchange) {
        Message message = exchange.getMessage();
        byte[] body = message.getBody(byte[].class);
        if (body == null || body.length == 0) {
            throw new BadGatewayReplyException("Backend replied with an empty body", null);
        }
        try {
            message.setBody(transform(reply, body));
        } catch (SaxonApiException e) {
            throw new BadGatewayReplyException("Backend reply is not well-formed XML: " + e.getMessage(), e);
        }
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.SOAP_CONTENT_TYPE);
    }

    private byte[] transform(XsltExecutable stylesheet, byte[] xml) throws SaxonApiException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(xml.length + 256);
        Serializer serializer = saxon.newSerializer(out);
        serializer.setOutputProperty(Serializer.Property.OMIT_XML_DECLARATION, "yes");
        serializer.setOutputProperty(Serializer.Property.ENCODING, "UTF-8");
        Xslt30Transformer transformer = stylesheet.load30();
        // The failure reaches the client as a fault and the log as one line; Saxon's own report to
        // stderr would repeat it.
        transformer.setErrorReporter(error -> { });
        transformer.transform(new StreamSource(new ByteArrayInputStream(xml)), serializer);
        return out.toByteArray();
    }

    private static XsltExecutable compile(XsltCompiler compiler, String location) {
        try (InputStream in = open(location)) {
            return compiler.compile(new StreamSource(in, location));
        } catch (IOException | SaxonApiException e) {
            throw new IllegalArgumentException("Cannot compile stylesheet " + location + ": " + e.getMessage(), e);
        }
    }

    private static InputStream open(String location) throws IOException {
        Path file = Path.of(location);
        if (Files.isRegularFile(file)) {
            return Files.newInputStream(file);
        }
        URL resource = XsltMediation.class.getClassLoader().getResource(location);
        if (resource == null) {
            throw new IOException("neither a file nor a classpath resource");
        }
        return resource.openStream();
    }
}
