package org.esbbench.core;

/**
 * The order data both payload formats carry, so a SOAP and a JSON payload of the same size hold the
 * same kind of orders. Values depend only on the order's position: payloads are deterministic.
 */
final class BuyStocksOrders {

    /** Cycled in this order, so the first order is always for IBM (what {@code cbr-body} routes on). */
    static final String[] SYMBOLS = {"IBM", "MSFT", "SUN", "GOOG"};
    private static final String[] PRICES = {"140.34", "28.57", "4.86", "612.55"};
    static final String VOLUME = "2000";

    private BuyStocksOrders() {
    }

    static String symbol(int index) {
        return SYMBOLS[index % SYMBOLS.length];
    }

    static String price(int index) {
        return PRICES[index % PRICES.length];
    }

    static String buyerId(int index) {
        return String.format("buyer%06d", index + 1);
    }
}
