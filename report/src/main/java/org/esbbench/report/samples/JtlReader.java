package org.esbbench.report.samples;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.esbbench.report.folder.ResultsCompression;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Streams a JMeter CSV results file row by row (FastCSV, RFC 4180: quoted failure messages with commas, quotes or
 * line breaks are read correctly); memory stays constant whatever the file's size. Columns are found by the header
 * JMeter writes, so the file's column order and optional columns do not matter. {@link SampleCsvHandler} makes the
 * samples straight from the parser's buffer, which keeps a ten-million-row file to seconds. A file whose name ends
 * in {@code .gz} is decompressed as it is read ({@link ResultsCompression}): the compressed form of a run's results
 * reads the same samples as the plain one.
 *
 * <p>The {@value #FAILURE_MESSAGE} column is what tells an incorrect reply from an error
 * ({@link Sample#outcomeOf(boolean, String)}); a file without it still reads, every failed sample then being an
 * error: {@link #hasFailureMessageColumn(Path)} lets the caller say so.
 *
 * <p>The optional last column {@value Sample#ELAPSED_US} (the microsecond timing element's sample variable, whose
 * name JMeter writes in quotes) gives each sample's response time in microseconds ({@link Sample#elapsedMicros()}).
 */
public final class JtlReader {
    /** JMeter's column of the first failed assertion's message ({@code assertion_results_failure_message}). */
    public static final String FAILURE_MESSAGE = "failureMessage";

    private JtlReader() {
    }

    /**
     * Whether the file's header has JMeter's {@value #FAILURE_MESSAGE} column (names compared as the reader
     * compares them: trimmed, any case). Without it no failed sample can be an incorrect reply: all count as
     * errors. An empty file has nothing to miss: true.
     */
    public static boolean hasFailureMessageColumn(Path file) throws IOException {
        try (Reader reader = open(file);
             CsvReader<CsvRecord> csv = CsvReader.builder().ignoreDifferentFieldCount(true).ofCsvRecord(reader)) {
            Iterator<CsvRecord> records = csv.iterator();
            if (!records.hasNext()) {
                return true;
            }
            String wanted = FAILURE_MESSAGE.toLowerCase(Locale.ROOT);
            return records.next().getFields().stream()
                .anyMatch(name -> name.trim().toLowerCase(Locale.ROOT).equals(wanted));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (CsvParseException e) {
            throw new IOException(file + ": header is not valid CSV (" + e.getMessage() + ")", e);
        }
    }

    /** The warning to give when {@code file} has no {@value #FAILURE_MESSAGE} column. */
    public static String noFailureMessageColumn(Path file) {
        return file + " has no " + FAILURE_MESSAGE + " column: incorrect replies cannot be told from errors, so"
            + " every failed sample counts as an error (have JMeter save it:"
            + " jmeter.save.saveservice.assertion_results_failure_message=true)";
    }

    /** Calls {@code sink} for every row of {@code file}, in file order; returns the number of rows. */
    public static long read(Path file, Consumer<Sample> sink) throws IOException {
        try (Reader reader = open(file)) {
            return read(reader, file.toString(), sink);
        }
    }

    /** A buffered UTF-8 reader of {@code file}, decompressed on the fly when it is gzip ({@code .csv.gz}). */
    private static Reader open(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(ResultsCompression.open(file), StandardCharsets.UTF_8), 1 << 16);
    }

    static long read(Reader reader, String name, Consumer<Sample> sink) throws IOException {
        SampleCsvHandler handler = new SampleCsvHandler(name);
        try (CsvReader<Sample> csv = CsvReader.builder().ignoreDifferentFieldCount(true).build(handler, reader)) {
            long rows = 0;
            for (Sample sample : csv) {
                sink.accept(sample);
                rows++;
            }
            return rows;
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (SampleCsvHandler.MissingColumnException e) {
            throw new IOException(e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw notANumber(name, e);
        } catch (CsvParseException e) {
            if (e.getCause() instanceof NumberFormatException number) {
                throw notANumber(name, number);
            }
            if (e.getCause() instanceof SampleCsvHandler.MissingColumnException missing) {
                throw new IOException(missing.getMessage(), missing);
            }
            throw new IOException(name + " line " + handler.line() + ": not valid CSV (" + e.getMessage() + ")", e);
        }
    }

    private static IOException notANumber(String name, NumberFormatException e) {
        return new IOException(name + " " + e.getMessage() + ": not a number where one belongs; JTL timestamps must"
            + " be epoch milliseconds (jmeter.save.saveservice.timestamp_format=ms)", e);
    }
}
