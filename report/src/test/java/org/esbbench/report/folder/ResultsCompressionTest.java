package org.esbbench.report.folder;

import org.esbbench.report.samples.JtlReader;
import org.esbbench.report.samples.Sample;
import org.esbbench.report.samples.WindowedResults;
import org.esbbench.report.synthetic.SyntheticJtl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsCompressionTest {
    @TempDir
    Path dir;

    private Path synthetic(String name) throws IOException {
        // errors and incorrect replies too: quoted failure messages must survive the round trip
        return SyntheticJtl.write(new SyntheticJtl.Spec(20_000, 1_800_000_000_000L, 25, 5, 0.01, 0.01, "direct", 7),
                dir.resolve(name)).file();
    }

    @Test
    void compressionLeavesOnlyTheGzipWhoseContentIsTheFileByteForByte() throws IOException {
        Path plain = synthetic("direct_u5_s1024_d0_r1.csv");
        byte[] original = Files.readAllBytes(plain);

        Path gz = ResultsCompression.compress(plain);

        assertThat(gz).hasFileName("direct_u5_s1024_d0_r1.csv.gz");
        assertThat(plain).doesNotExist();
        assertThat(dir.resolve("direct_u5_s1024_d0_r1.csv.gz.tmp")).doesNotExist();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(in.readAllBytes()).isEqualTo(original);
        }
        assertThat(Files.size(gz)).isLessThan(original.length / 5);
    }

    @Test
    void readingTheGzipGivesTheSameSamplesAndWindowsAsReadingThePlainFile() throws IOException {
        Path plain = synthetic("a.csv");
        List<Sample> fromPlain = new ArrayList<>();
        JtlReader.read(plain, fromPlain::add);
        WindowedResults plainWindows = WindowedResults.read(plain, 2_000, 20_000);
        Files.copy(plain, dir.resolve("b.csv"));

        Path gz = ResultsCompression.compress(dir.resolve("b.csv"));
        List<Sample> fromGz = new ArrayList<>();
        long rows = JtlReader.read(gz, fromGz::add);
        WindowedResults gzWindows = WindowedResults.read(gz, 2_000, 20_000);

        assertThat(rows).isEqualTo(20_000);
        assertThat(fromGz).isEqualTo(fromPlain);
        assertThat(JtlReader.hasFailureMessageColumn(gz)).isTrue();
        assertThat(gzWindows.window()).isEqualTo(plainWindows.window());
        assertThat(gzWindows.measurement()).isEqualTo(plainWindows.measurement());
        assertThat(gzWindows.measurementHistogram()).isEqualTo(plainWindows.measurementHistogram());
    }

    @Test
    void aCompleteGzipLeftByACompressionCutShortAfterItsRenameIsKeptAndThePlainFileDeleted() throws IOException {
        Path plain = synthetic("c.csv");
        Files.copy(plain, dir.resolve("copy.csv"));
        Path gz = ResultsCompression.compress(dir.resolve("copy.csv"));
        Files.move(gz, dir.resolve("c.csv.gz"));
        long size = Files.size(dir.resolve("c.csv.gz"));

        ResultsCompression.compress(plain);

        assertThat(plain).doesNotExist();
        assertThat(dir.resolve("c.csv.gz")).hasSize(size);
    }

    @Test
    void aTruncatedGzipIsAnErrorNotFewerSamples() throws IOException {
        Path gz = ResultsCompression.compress(synthetic("d.csv"));
        byte[] bytes = Files.readAllBytes(gz);
        Files.write(gz, java.util.Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> JtlReader.read(gz, s -> { })).isInstanceOf(IOException.class);
    }

    @Test
    void decompressionMakesThePlainFileForJMetersReportGenerator() throws IOException {
        Path plain = synthetic("e.csv");
        byte[] original = Files.readAllBytes(plain);
        Path gz = ResultsCompression.compress(plain);

        ResultsCompression.decompress(gz, dir.resolve("e.tmp.csv"));

        assertThat(dir.resolve("e.tmp.csv")).hasBinaryContent(original);
    }

    @Test
    void theLayoutNamesTheCompressedResultsWhenThereAreAnyElseThePlainFile() throws IOException {
        RunLayout layout = new RunLayout(dir.resolve("run"));
        Files.createDirectories(layout.dir().resolve(RunLayout.JTL));
        assertThat(layout.results("x_r1")).isEqualTo(layout.jtl("x_r1"));

        Files.writeString(layout.jtl("x_r1"), "timeStamp,elapsed\n1,2\n");
        assertThat(layout.results("x_r1")).isEqualTo(layout.jtl("x_r1"));

        ResultsCompression.compress(layout.jtl("x_r1"));
        assertThat(layout.results("x_r1")).isEqualTo(layout.compressedJtl("x_r1"))
                .hasFileName("x_r1.csv.gz");
    }
}
