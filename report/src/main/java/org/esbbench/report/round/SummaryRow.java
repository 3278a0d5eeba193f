package org.esbbench.report.round;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.PointColumns;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One point of one target run as its {@code summary.csv} has it: the round reads a run's summary, not its raw
 * results, so a round report is what each run's own report says, set side by side.
 *
 * @param point     the point
 * @param values    the round's figures ({@link RoundFigures#ALL}) the run knows, by figure
 * @param errors    failed samples that were not incorrect replies, over the run's repeats
 * @param incorrect incorrect replies, over the run's repeats
 * @param flagKinds the kinds of flag any repeat raised ("server-bound", "drift", ...), in the file's order
 */
public record SummaryRow(Point point, Map<Figure, Double> values, long errors, long incorrect, Set<String> flagKinds) {

    /** How summary.csv counts a flag over the repeats: "server-bound in 2 of 3 repeats". */
    private static final Pattern COUNTED = Pattern.compile("(.+?) in \\d+ of \\d+ repeats?");

    public SummaryRow {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        flagKinds = Collections.unmodifiableSet(new LinkedHashSet<>(flagKinds));
    }

    /** Every row of a run's summary.csv. */
    public static List<SummaryRow> read(Path summaryCsv) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        List<SummaryRow> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(summaryCsv, StandardCharsets.UTF_8);
             CSVParser parser = format.parse(in)) {
            for (CSVRecord r : parser) {
                Map<Figure, Double> values = new LinkedHashMap<>();
                for (Figure f : RoundFigures.ALL) {
                    Double v = number(r, f.id());
                    if (v != null) {
                        values.put(f, v);
                    }
                }
                rows.add(new SummaryRow(PointColumns.read(r), values, count(r, StandardFigures.ERRORS.id()),
                        count(r, StandardFigures.INCORRECT.id()), flagKinds(text(r, "flags"))));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            // commons-csv and the point's columns report a malformed file this way: say which file.
            throw new IOException(summaryCsv + ": " + e.getMessage(), e);
        }
        return rows;
    }

    /**
     * The kinds of flag in a summary's flags cell, e.g. "server-bound in 1 of 2 repeats; drift in 2 of 2 repeats"
     * gives server-bound and drift; a flag with details after a colon is named by its text before it.
     */
    public static Set<String> flagKinds(String flags) {
        Set<String> kinds = new LinkedHashSet<>();
        for (String part : flags.split(";")) {
            String f = part.strip();
            if (f.isEmpty()) {
                continue;
            }
            Matcher counted = COUNTED.matcher(f);
            if (counted.matches()) {
                f = counted.group(1);
            }
            int colon = f.indexOf(':');
            kinds.add((colon < 0 ? f : f.substring(0, colon)).strip());
        }
        return kinds;
    }

    private static String text(CSVRecord r, String column) {
        return r.isMapped(column) && r.isSet(column) ? r.get(column).strip() : "";
    }

    private static Double number(CSVRecord r, String column) {
        String v = text(r, column);
        return v.isEmpty() ? null : Double.valueOf(v);
    }

    private static long count(CSVRecord r, String column) {
        Double v = number(r, column);
        return v == null ? 0 : Math.round(v);
    }
}
