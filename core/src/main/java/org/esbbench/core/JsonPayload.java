package org.esbbench.core;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the JSON twin of the buyStocks envelope at an exact byte count. JSON forbids leading zeros, so
 * the last order's volume is padded with fraction zeros instead ({@code 2000.000} is still 2000): a
 * server that re-serialises the number as {@code 2000.0} stays JSON-equal. A one-byte gap cannot be a
 * fraction, so one order fewer is written and the gap grows by an order; at the very smallest size a
 * space before the value (insignificant JSON whitespace) takes the byte.
 */
final class JsonPayload {

    private static final String HEAD = "{\"buyStocks\":{\"order\":[";
    private static final String TAIL = "]}}";

    private JsonPayload() {
    }

    /** One order and no padding: the smallest document there is. */
    static int minimumSize() {
        return HEAD.length() + order(0, "").length() + TAIL.length();
    }

    static byte[] ofSize(int size) {
        int smallest = minimumSize();
        if (size < smallest) {
            throw new IllegalArgumentException("a JSON payload needs at least " + smallest + " bytes, asked for " + size);
        }
        List<String> orders = new ArrayList<>();
        orders.add(order(0, ""));
        int length = smallest;
        while (length + 1 + order(orders.size(), "").length() <= size) {
            length += 1 + order(orders.size(), "").length();
            orders.add(order(orders.size(), ""));
        }
        int gap = size - length;
        if (gap == 1 && orders.size() > 1) {
            gap += 1 + orders.remove(orders.size() - 1).length();
        }
        int last = orders.size() - 1;
        orders.set(last, order(last, volumePadding(gap)));
        String json = HEAD + String.join(",", orders) + TAIL;
        return json.getBytes(StandardCharsets.US_ASCII);
    }

    /** What goes around the volume digits to add exactly {@code gap} bytes without changing the value. */
    private static String volumePadding(int gap) {
        if (gap == 0) {
            return "";
        }
        return gap == 1 ? " " : "." + "0".repeat(gap - 1);
    }

    private static String order(int index, String padding) {
        String volume = padding.equals(" ") ? " " + BuyStocksOrders.VOLUME : BuyStocksOrders.VOLUME + padding;
        return "{\"symbol\":\"" + BuyStocksOrders.symbol(index) + "\",\"buyerID\":\"" + BuyStocksOrders.buyerId(index)
                + "\",\"price\":" + BuyStocksOrders.price(index) + ",\"volume\":" + volume + "}";
    }
}
