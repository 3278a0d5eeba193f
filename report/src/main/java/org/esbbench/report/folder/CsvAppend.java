package org.esbbench.report.folder;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Appends one row to a run folder's CSV file, writing the header first when the file is new: how the journals
 * that grow over a run (and over the sessions of a resumed run) are kept, so that a build killed between two rows
 * leaves every earlier row intact.
 */
public final class CsvAppend {
    private CsvAppend() {
    }

    public static void row(Path file, String[] header, Object... values) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
             CSVPrinter printer = (fresh ? CSVFormat.DEFAULT.builder().setHeader(header).build() : CSVFormat.DEFAULT)
                     .print(out)) {
            printer.printRecord(values);
        }
    }
}
