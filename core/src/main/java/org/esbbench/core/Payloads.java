package org.esbbench.core;

import java.nio.charset.StandardCharsets;

/**
 * The buyStocks payloads of docs/scenarios.md: a SOAP 1.1 envelope and its JSON twin of exactly the asked
 * number of bytes (UTF-8, here plain ASCII), deterministic, with the first order always for IBM and the
 * routing header set. The negative variants exist for tests of servers and checks, never for timed runs.
 */
public final class Payloads {

    /**
     * Sizes of the published rounds, in bytes: 512 B, 1, 5, 10 and 100 KiB (AdroitLogic; WSO2 uses 1 and 10
     * KiB) and 2, 20 and 200 KiB (IBM). Ascending. An array because the plans and the build print it;
     * do not modify it.
     */
    public static final int[] STANDARD_SIZES = {512, 1024, 2048, 5120, 10240, 20480, 102400, 204800};

    /** The value of the routing SOAP header and of the {@value #ROUTING_HEADER} HTTP header. */
    public static final String ROUTING_VALUE = "xadmin;server1;community#1.0##";
    /** Name of the HTTP header {@code cbr-transport-header} routes on. */
    public static final String ROUTING_HEADER = "routing";
    /** The SOAPAction HTTP header value of SOAP requests, quotes included. */
    public static final String SOAP_ACTION = "\"urn:buyStocks\"";
    /** The symbol a non-IBM first order has in {@link #soapFirstSymbolNotIbm}. */
    public static final String NOT_IBM_SYMBOL = "MSFT";
    /** The routing value of {@link #soapWithWrongRouting}: one character off the right one. */
    public static final String WRONG_ROUTING_VALUE = "xadmin;server2;community#1.0##";

    private static final SoapPayload SOAP = new SoapPayload(null, ROUTING_VALUE);

    private Payloads() {
    }

    /**
     * The SOAP buyStocks envelope of exactly {@code size} bytes.
     *
     * @throws IllegalArgumentException when {@code size} is below {@link #minimumSize(PayloadFormat)}
     */
    public static byte[] soap(int size) {
        return SOAP.ofSize(size);
    }

    /**
     * The JSON buyStocks document of exactly {@code size} bytes.
     *
     * @throws IllegalArgumentException when {@code size} is below {@link #minimumSize(PayloadFormat)}
     */
    public static byte[] json(int size) {
        return JsonPayload.ofSize(size);
    }

    /** {@link #soap} or {@link #json}, as the format says. */
    public static byte[] of(PayloadFormat format, int size) {
        return format == PayloadFormat.JSON ? json(size) : soap(size);
    }

    /** The smallest size a payload of this format can have: one order. */
    public static int minimumSize(PayloadFormat format) {
        return format == PayloadFormat.JSON ? JsonPayload.minimumSize() : SOAP.minimumSize();
    }

    /** Negative variant for {@code cbr-body}: the first order is for {@value #NOT_IBM_SYMBOL}. */
    public static byte[] soapFirstSymbolNotIbm(int size) {
        return new SoapPayload(NOT_IBM_SYMBOL, ROUTING_VALUE).ofSize(size);
    }

    /** Negative variant for {@code cbr-soap-header}: the routing header holds {@value #WRONG_ROUTING_VALUE}. */
    public static byte[] soapWithWrongRouting(int size) {
        return new SoapPayload(null, WRONG_ROUTING_VALUE).ofSize(size);
    }

    /** Negative variant for {@code cbr-soap-header}: an envelope without any SOAP Header. */
    public static byte[] soapWithoutRoutingHeader(int size) {
        return new SoapPayload(null, null).ofSize(size);
    }

    /** Not well-formed XML of {@code size} bytes: the envelope's end tag does not match its start tag. */
    public static byte[] malformedSoap(int size) {
        String xml = new String(soap(size), StandardCharsets.US_ASCII);
        int end = xml.lastIndexOf(SoapPayload.CLOSING_TAG);
        return (xml.substring(0, end) + "</soapenv:Envelopx>").getBytes(StandardCharsets.US_ASCII);
    }

    /** Not well-formed JSON of {@code size} bytes: the outer object is closed with a bracket. */
    public static byte[] malformedJson(int size) {
        byte[] json = json(size);
        json[json.length - 1] = ']';
        return json;
    }

    /** File name of a generated payload: {@code buyStocks-1024.xml}, {@code buyStocks-1024.json}. */
    public static String fileName(PayloadFormat format, int size) {
        return "buyStocks-" + size + "." + format.fileExtension();
    }
}
