package org.esbbench.report.synthetic;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code java -cp report/target/esb-bench-report-0.1.0-SNAPSHOT-tests.jar:report/target/esb-bench-report-cli.jar
 * org.esbbench.report.synthetic.SyntheticJtlCommand --samples 10000000 big.csv}: writes a synthetic JMeter results
 * file (see {@link SyntheticJtl}) and prints what it wrote as {@code key=value} lines, so a script can read the
 * run's start and span. Test tooling: it ships in report's test-jar, not in the library or CLI jar.
 */
@Command(name = "synthetic-jtl", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Writes a synthetic JMeter CSV results file (closed model, realistic response times, some failures).")
public final class SyntheticJtlCommand implements Callable<Integer> {

    @Option(names = "--samples", defaultValue = "1000000", description = "Rows to write (default: ${DEFAULT-VALUE}).")
    long samples;

    @Option(names = "--duration", defaultValue = "1200",
        description = "About how many seconds the samples span (default: ${DEFAULT-VALUE}).")
    double durationSeconds;

    @Option(names = "--users", defaultValue = "50", description = "Concurrent threads (default: ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--start", defaultValue = "1767225600000",
        description = "First sample's start, epoch ms (default: ${DEFAULT-VALUE}, 2026-01-01T00:00:00Z).")
    long startMillis;

    @Option(names = "--error-rate", defaultValue = "0.002",
        description = "Share of samples failing without a usable reply (default: ${DEFAULT-VALUE}).")
    double errorRate;

    @Option(names = "--incorrect-rate", defaultValue = "0.001",
        description = "Share of 2xx replies failing the reply check (default: ${DEFAULT-VALUE}).")
    double incorrectRate;

    @Option(names = "--label", defaultValue = "direct", description = "Sampler label (default: ${DEFAULT-VALUE}).")
    String label;

    @Option(names = "--seed", defaultValue = "42", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Parameters(index = "0", paramLabel = "FILE", description = "The CSV file to write (replaced if it exists).")
    Path file;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SyntheticJtlCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        SyntheticJtl.Spec spec;
        try {
            spec = new SyntheticJtl.Spec(samples, startMillis, durationSeconds, users, errorRate, incorrectRate, label, seed);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        long began = System.nanoTime();
        SyntheticJtl.Written written = SyntheticJtl.write(spec, file);
        System.out.printf("file=%s%nsamples=%d%nfailed=%d%nfirst_start_ms=%d%nlast_start_ms=%d%nlast_end_ms=%d%n"
                + "write_seconds=%.1f%n", written.file(), written.samples(), written.failed(), written.firstStartMillis(),
            written.lastStartMillis(), written.lastEndMillis(), (System.nanoTime() - began) / 1e9);
        return 0;
    }
}
