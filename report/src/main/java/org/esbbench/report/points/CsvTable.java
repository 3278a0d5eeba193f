package org.esbbench.report.points;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a CSV file of figures (points.csv, summary.csv): a header, then one record per row, UTF-8. */
public final class CsvTable {
    private CsvTable() {
    }

    public static void write(Path file, List<String> header, List<List<Object>> rows) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             CSVPrinter printer = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new)).build().print(out)) {
            for (List<Object> row : rows) {
                printer.printRecord(row);
            }
        }
    }
}
