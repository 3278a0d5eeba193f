package org.esbbench.report.chart;

import java.util.Locale;

/** File-name-safe forms of scenario ids, series labels and run labels. */
public final class FileNames {

    private FileNames() {
    }

    /**
     * Lower case ASCII letters, digits, dots and underscores kept; every other run of characters becomes one
     * hyphen, so "1 KiB, delay 500 ms" gives "1-kib-delay-500-ms". Never empty.
     */
    public static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._]+", "-")
                .replaceAll("^[-.]+|-+$", "");
        return slug.isEmpty() ? "chart" : slug;
    }
}
