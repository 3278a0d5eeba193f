package org.esbbench.core.check;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Says where two byte sequences part: truncation, extra bytes, or the first differing byte in context. */
final class Differences {

    private static final int CONTEXT = 24;

    private Differences() {
    }

    /**
     * @param what names the compared form in the message, e.g. "reply" or "canonical reply"
     * @return null when equal
     */
    static String describe(String what, byte[] expected, byte[] actual) {
        int at = Arrays.mismatch(expected, actual);
        if (at < 0) {
            return null;
        }
        if (at == actual.length) {
            return what + " " + actual.length + " of " + expected.length + " bytes (truncated)";
        }
        if (at == expected.length) {
            return what + " " + actual.length + " bytes, expected " + expected.length + " (extra bytes after the expected end: "
                    + quote(actual, at, at + CONTEXT) + ")";
        }
        String sizes = actual.length == expected.length ? ""
                : "; " + what + " " + actual.length + " bytes, expected " + expected.length;
        return "byte " + at + " of the " + what + " differs: expected " + show(expected[at]) + ", got " + show(actual[at])
                + " (expected ..." + quote(expected, at - CONTEXT, at + CONTEXT) + "..., got ..."
                + quote(actual, at - CONTEXT, at + CONTEXT) + "...)" + sizes;
    }

    private static String show(byte b) {
        int value = b & 0xff;
        String printable = value >= 0x20 && value < 0x7f ? "'" + (char) value + "' " : "";
        return printable + String.format("0x%02x", value);
    }

    private static String quote(byte[] bytes, int from, int to) {
        int start = Math.max(0, from);
        int end = Math.min(bytes.length, to);
        String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        return '"' + text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + '"';
    }
}
