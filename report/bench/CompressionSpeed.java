import org.esbbench.report.folder.ResultsCompression;
import org.esbbench.report.samples.JtlReader;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Speed of the suite's results compression (ResultsCompression: gzip at BEST_SPEED, what the run goal does after
 * each scenario run) and of reading either form (JtlReader, what the analysis does), on one plain results file.
 * Run by compression-speed.sh: java -cp CLI_JAR CompressionSpeed.java FILE. The file is compressed in place (its
 * plain form deleted, as the run goal does), then decompressed back to FILE.
 */
public class CompressionSpeed {
    public static void main(String[] args) throws Exception {
        Path plain = Path.of(args[0]);
        long bytes = Files.size(plain);
        double mb = bytes / 1e6;

        long t = System.nanoTime();
        long rows = JtlReader.read(plain, s -> { });
        double readPlain = seconds(t);

        t = System.nanoTime();
        Path gz = ResultsCompression.compress(plain);
        double compress = seconds(t);
        long gzBytes = Files.size(gz);

        t = System.nanoTime();
        long gzRows = JtlReader.read(gz, s -> { });
        double readGz = seconds(t);
        if (gzRows != rows) {
            throw new IllegalStateException("read " + gzRows + " rows from " + gz + ", " + rows + " from the plain file");
        }

        t = System.nanoTime();
        ResultsCompression.decompress(gz, plain);
        double decompress = seconds(t);
        Files.delete(gz);

        System.out.printf("file=%s%nrows=%d%nplain_mb=%.1f%ncompressed_mb=%.1f%nratio=%.1f%n"
                        + "plain_bytes_per_row=%.1f%ncompressed_bytes_per_row=%.2f%n"
                        + "compress_s=%.1f%ncompress_mb_per_s=%.0f%n"
                        + "read_plain_s=%.1f%nread_plain_mb_per_s=%.0f%n"
                        + "read_compressed_s=%.1f%nread_compressed_mb_per_s=%.0f%n"
                        + "decompress_s=%.1f%ndecompress_mb_per_s=%.0f%n",
                plain, rows, mb, gzBytes / 1e6, (double) bytes / gzBytes, (double) bytes / rows, (double) gzBytes / rows,
                compress, mb / compress, readPlain, mb / readPlain, readGz, mb / readGz, decompress, mb / decompress);
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
