package org.esbbench.core;

import java.nio.charset.StandardCharsets;

/**
 * Writes the SOAP 1.1 buyStocks envelope of docs/scenarios.md at an exact byte count: as many orders as fit,
 * then the last order's volume is left-padded with zeros ({@code <volume>0002000</volume>} is still the
 * integer 2000), so every size from {@link #minimumSize} up is reachable.
 */
final class SoapPayload {

    static final String SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String ROUTING_NS = "http://someuri";
    static final String ORDERS_NS = "http://services.samples/xsd";

    private static final String ENVELOPE_START = "<soapenv:Envelope xmlns:soapenv=\"" + SOAP_ENV_NS + "\">\n";
    private static final String BODY_START = "  <soapenv:Body>\n    <m:buyStocks xmlns:m=\"" + ORDERS_NS + "\">\n";
    private static final String TAIL = "    </m:buyStocks>\n  </soapenv:Body>\n</soapenv:Envelope>";
    static final String CLOSING_TAG = "</soapenv:Envelope>";

    private final String firstSymbol;
    private final String routingValue;

    /**
     * @param firstSymbol  symbol of the first order, {@code null} for the regular cycle (IBM first)
     * @param routingValue text of the {@code {http://someuri}routing} header, {@code null} for no SOAP Header
     */
    SoapPayload(String firstSymbol, String routingValue) {
        this.firstSymbol = firstSymbol;
        this.routingValue = routingValue;
    }

    /** One order and no padding: the smallest envelope there is. */
    int minimumSize() {
        return head().length() + TAIL.length() + order(0, 0).length();
    }

    byte[] ofSize(int size) {
        String head = head();
        int smallest = minimumSize();
        if (size < smallest) {
            throw new IllegalArgumentException("a SOAP payload needs at least " + smallest + " bytes, asked for " + size);
        }
        StringBuilder out = new StringBuilder(size).append(head);
        int orders = 1;
        int length = smallest;
        while (length + order(orders, 0).length() <= size) {
            length += order(orders, 0).length();
            orders++;
        }
        int padding = size - length;
        for (int i = 0; i < orders; i++) {
            out.append(order(i, i == orders - 1 ? padding : 0));
        }
        out.append(TAIL);
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private String head() {
        return ENVELOPE_START + header() + BODY_START;
    }

    private String header() {
        if (routingValue == null) {
            return "";
        }
        return "  <soapenv:Header>\n    <routing xmlns=\"" + ROUTING_NS + "\">" + routingValue
                + "</routing>\n  </soapenv:Header>\n";
    }

    private String order(int index, int padding) {
        String symbol = index == 0 && firstSymbol != null ? firstSymbol : BuyStocksOrders.symbol(index);
        return "      <order><symbol>" + symbol + "</symbol><buyerID>" + BuyStocksOrders.buyerId(index)
                + "</buyerID><price>" + BuyStocksOrders.price(index) + "</price><volume>" + "0".repeat(padding)
                + BuyStocksOrders.VOLUME + "</volume></order>\n";
    }
}
