package org.esbbench.report.samples;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import de.siegmar.fastcsv.reader.RecordWrapper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the fields FastCSV finds (quoting already resolved) straight into {@link Sample}s: numbers are read from
 * the parser's character buffer without an intermediate String, text columns that repeat row after row (label,
 * response code) reuse the previous row's String, columns the analysis does not use are skipped. That is what
 * makes a ten-million-row file a matter of seconds. The first record is the header: it decides which column is
 * which, so column order and optional columns do not matter ({@value Sample#ELAPSED_US} included, the header's
 * quotes around a sample variable's name being CSV quoting).
 */
final class SampleCsvHandler extends AbstractBaseCsvCallbackHandler<Sample> {
    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "responseCode", "success");

    private static final int TIMESTAMP = 0;
    private static final int ELAPSED = 1;
    private static final int LABEL = 2;
    private static final int RESPONSE_CODE = 3;
    private static final int SUCCESS = 4;
    private static final int FAILURE_MESSAGE = 5;
    private static final int BYTES = 6;
    private static final int SENT_BYTES = 7;
    private static final int GRP_THREADS = 8;
    private static final int ALL_THREADS = 9;
    private static final int LATENCY = 10;
    private static final int CONNECT = 11;
    /** The microsecond timing element's sample variable: optional, and empty in a row it did not time. */
    private static final int ELAPSED_US = 12;
    /** An open-model arrival's response time from its due time, and its lateness: optional, like elapsed_us. */
    private static final int RESPONSE_US = 13;
    private static final int LATENESS_US = 14;
    /** The arrival's due time and blocked time: optional, like elapsed_us. */
    private static final int INTENDED_US = 15;
    private static final int BLOCKED_US = 16;
    /** Header names (lower case) of the slots above, in slot order. */
    private static final List<String> SLOT_NAMES = List.of("timestamp", "elapsed", "label", "responsecode", "success",
        "failuremessage", "bytes", "sentbytes", "grpthreads", "allthreads", "latency", "connect",
        Sample.ELAPSED_US.toLowerCase(Locale.ROOT), Sample.RESPONSE_US, Sample.LATENESS_US, Sample.INTENDED_US,
        Sample.BLOCKED_US);
    private static final int FIRST_TEXT = LABEL;
    private static final int LAST_TEXT = FAILURE_MESSAGE;

    private final String name;
    private final List<String> header = new ArrayList<>();
    /** Slot of each column, -1 for columns not read; null until the header has been read. */
    private int[] slotOfColumn;
    private final long[] numbers = new long[SLOT_NAMES.size()];
    private final String[] texts = new String[SLOT_NAMES.size()];
    /** Each text column's value in the row before, reused when it repeats. */
    private final String[] previousTexts = new String[SLOT_NAMES.size()];
    private final char[][] previousChars = new char[SLOT_NAMES.size()][];
    private boolean success;

    SampleCsvHandler(String name) {
        this.name = name;
    }

    @Override
    protected void handleBegin(long startingLineNumber) {
        // A row shorter than the header leaves its missing columns empty, as JMeter leaves optional ones.
        Arrays.fill(numbers, 0);
        numbers[ELAPSED_US] = Sample.NO_MICROS;
        numbers[RESPONSE_US] = Sample.NO_MICROS;
        numbers[LATENESS_US] = Sample.NO_MICROS;
        numbers[INTENDED_US] = Sample.NO_MICROS;
        numbers[BLOCKED_US] = Sample.NO_MICROS;
        Arrays.fill(texts, "");
        success = false;
    }

    @Override
    protected void handleField(int fieldIdx, char[] buf, int offset, int len, boolean quoted) {
        if (slotOfColumn == null) {
            header.add(new String(buf, offset, len));
            return;
        }
        int slot = fieldIdx < slotOfColumn.length ? slotOfColumn[fieldIdx] : -1;
        if (slot < 0) {
            return;
        }
        if (slot == SUCCESS) {
            success = len == 4 && (buf[offset] | 0x20) == 't' && (buf[offset + 1] | 0x20) == 'r'
                && (buf[offset + 2] | 0x20) == 'u' && (buf[offset + 3] | 0x20) == 'e';
        } else if (slot >= FIRST_TEXT && slot <= LAST_TEXT) {
            texts[slot] = sameOrNew(slot, buf, offset, len);
        } else if (slot >= ELAPSED_US) {
            numbers[slot] = micros(buf, offset, len, slot);
        } else {
            numbers[slot] = number(buf, offset, len, slot);
        }
    }

    @Override
    protected RecordWrapper<Sample> buildRecord() {
        if (slotOfColumn == null) {
            slotOfColumn = slots();
            return null;  // the header is no sample: FastCSV skips a null record
        }
        return wrapRecord(new Sample(numbers[TIMESTAMP], numbers[ELAPSED], texts[LABEL], texts[RESPONSE_CODE], success,
            texts[FAILURE_MESSAGE], numbers[BYTES], numbers[SENT_BYTES], (int) numbers[GRP_THREADS],
            (int) numbers[ALL_THREADS], numbers[LATENCY], numbers[CONNECT], numbers[ELAPSED_US], numbers[RESPONSE_US],
            numbers[LATENESS_US], numbers[INTENDED_US], numbers[BLOCKED_US]));
    }

    /** The line the current record started on (1 is the header). */
    long line() {
        return getStartingLineNumber();
    }

    private int[] slots() {
        Map<String, Integer> slotByName = new HashMap<>();
        for (int slot = 0; slot < SLOT_NAMES.size(); slot++) {
            slotByName.put(SLOT_NAMES.get(slot), slot);
        }
        int[] slots = new int[header.size()];
        List<String> found = new ArrayList<>();
        for (int column = 0; column < header.size(); column++) {
            String columnName = header.get(column).trim().toLowerCase(Locale.ROOT);
            slots[column] = slotByName.getOrDefault(columnName, -1);
            found.add(columnName);
        }
        for (String required : REQUIRED) {
            if (!found.contains(required.toLowerCase(Locale.ROOT))) {
                throw new MissingColumnException(name + " is not a JMeter CSV results file with a header: column '"
                    + required + "' is missing (found " + header + ")");
            }
        }
        return slots;
    }

    /** The previous row's String of this column when the text is the same (labels, codes), else a new one. */
    private String sameOrNew(int slot, char[] buf, int offset, int len) {
        if (len == 0) {
            return "";
        }
        char[] previous = previousChars[slot];
        if (previous != null && previous.length == len && Arrays.equals(previous, 0, len, buf, offset, offset + len)) {
            return previousTexts[slot];
        }
        previousChars[slot] = Arrays.copyOfRange(buf, offset, offset + len);
        previousTexts[slot] = new String(previousChars[slot]);
        return previousTexts[slot];
    }

    /** A whole number written by JMeter; empty is 0, as JMeter leaves optional counts empty. */
    private long number(char[] buf, int offset, int len, int slot) {
        if (len == 0) {
            return 0;
        }
        int i = offset;
        boolean negative = buf[i] == '-';
        if (negative) {
            i++;
        }
        if (i == offset + len || len > 18) {
            return parseSlowly(buf, offset, len, slot);
        }
        long value = 0;
        for (; i < offset + len; i++) {
            int digit = buf[i] - '0';
            if (digit < 0 || digit > 9) {
                return parseSlowly(buf, offset, len, slot);
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /**
     * A microsecond column's value ({@value Sample#ELAPSED_US}, {@value Sample#RESPONSE_US},
     * {@value Sample#LATENESS_US}); {@link Sample#NO_MICROS} when the row has none: empty, or "null" (what
     * JMeter writes for a sample variable that was not set), or negative (no time).
     */
    private long micros(char[] buf, int offset, int len, int slot) {
        if (len == 0 || (len == 4 && new String(buf, offset, len).equalsIgnoreCase("null"))) {
            return Sample.NO_MICROS;
        }
        long value = number(buf, offset, len, slot);
        return value < 0 ? Sample.NO_MICROS : value;
    }

    private long parseSlowly(char[] buf, int offset, int len, int slot) {
        String text = new String(buf, offset, len);
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("line " + getStartingLineNumber() + ": '" + text + "' in column "
                + SLOT_NAMES.get(slot));
        }
    }

    /** The header lacks a column the analysis needs. */
    static final class MissingColumnException extends RuntimeException {
        MissingColumnException(String message) {
            super(message);
        }
    }
}
