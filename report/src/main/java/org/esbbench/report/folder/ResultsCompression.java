package org.esbbench.report.folder;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Gzip of a scenario run's results file, {@code jtl/NAME.csv} to {@code jtl/NAME.csv.gz}, and the reading of either
 * form. Compression runs at {@link Deflater#BEST_SPEED}: a JMeter results file is so repetitive that the fastest
 * level already shrinks it about 30-fold (5 B a row of 130-170 B, docs/benchmarks.md), and a slower level would
 * delay the next scenario run for little more.
 *
 * <p>Crash-safe: the compressed form is written to {@code NAME.csv.gz.tmp}, synced, renamed atomically to
 * {@code NAME.csv.gz}, and only then is the plain file deleted. A build killed at any moment leaves the plain file,
 * or the plain file and a complete {@code .gz} (then the {@code .gz} is read, the plain one deleted by the next
 * compression), never a truncated {@code .gz} under the final name.
 */
public final class ResultsCompression {
    /** The compressed file's suffix. */
    public static final String GZ = ".gz";
    /** The suffix of a compression under way. */
    public static final String TMP = ".tmp";
    /** Buffer of the streams on both sides: large, so that the disk sees few, big reads and writes. */
    static final int BUFFER = 1 << 20;

    private ResultsCompression() {
    }

    /** Whether {@code file} is a compressed results file (by its name, {@code .gz}). */
    public static boolean isCompressed(Path file) {
        return file.getFileName().toString().endsWith(GZ);
    }

    /** {@code NAME.csv.gz} for {@code NAME.csv}. */
    public static Path compressedOf(Path plain) {
        return plain.resolveSibling(plain.getFileName() + GZ);
    }

    /**
     * Compresses {@code plain} to {@code plain + ".gz"} and deletes {@code plain}. A complete {@code .gz} already
     * there (a compression cut short after its rename) is kept and the plain file only deleted.
     *
     * @return the compressed file
     */
    public static Path compress(Path plain) throws IOException {
        Path gz = compressedOf(plain);
        Path tmp = gz.resolveSibling(gz.getFileName() + TMP);
        if (!Files.exists(gz)) {
            try (InputStream in = Files.newInputStream(plain);
                 OutputStream out = new FastGzip(Files.newOutputStream(tmp))) {
                in.transferTo(out);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            // On disk before the rename: a crash must not leave a .gz whose blocks were never written.
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(tmp, gz, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.delete(plain);
        return gz;
    }

    /** Opens {@code file} for reading, decompressing a {@code .gz} on the fly; buffered either way. */
    public static InputStream open(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            return isCompressed(file) ? new GZIPInputStream(raw, BUFFER) : new BufferedInputStream(raw, BUFFER);
        } catch (IOException e) {
            raw.close();
            throw new IOException(file + " is not a gzip file: " + e.getMessage(), e);
        }
    }

    /**
     * Writes the plain content of {@code gz} to {@code plain} (for JMeter's report generator, which reads plain CSV
     * only); a file there is replaced.
     */
    public static void decompress(Path gz, Path plain) throws IOException {
        try (InputStream in = open(gz); OutputStream out = Files.newOutputStream(plain)) {
            in.transferTo(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(plain);
            throw e;
        }
    }

    /** GZIPOutputStream at the fastest level, with a large deflate buffer. */
    private static final class FastGzip extends GZIPOutputStream {
        FastGzip(OutputStream out) throws IOException {
            super(new java.io.BufferedOutputStream(out, BUFFER), BUFFER);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }
}
