package org.esbbench.esb.faults;

import java.nio.charset.StandardCharsets;

/** Renders a {@link Fault} as a SOAP 1.1 fault envelope or as a small JSON error document. */
public final class FaultBodies {

    public static final String SOAP_CONTENT_TYPE = "text/xml; charset=UTF-8";
    public static final String JSON_CONTENT_TYPE = "application/json";

    private static final String WSSE_NS =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private FaultBodies() {
    }

    public static byte[] soap(Fault fault) {
        String code = fault.code();
        // A WS-Security fault code (wsse:FailedCheck, ...) needs its prefix declared to be a valid QName.
        String wsseDeclaration = code.startsWith("wsse:") ? " xmlns:wsse=\"" + WSSE_NS + "\"" : "";
        String xml = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + wsseDeclaration + "><soapenv:Body><soapenv:Fault>"
                + "<faultcode>" + escapeXml(code) + "</faultcode>"
                + "<faultstring>" + escapeXml(fault.reason()) + "</faultstring>"
                + "</soapenv:Fault></soapenv:Body></soapenv:Envelope>";
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] json(Fault fault) {
        String json = "{\"error\":{\"status\":" + fault.status()
                + ",\"code\":\"" + escapeJson(fault.code()) + "\""
                + ",\"message\":\"" + escapeJson(fault.reason()) + "\"}}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    static String escapeXml(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? ' ' : c);
            }
        }
        return out.toString();
    }

    static String escapeJson(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
