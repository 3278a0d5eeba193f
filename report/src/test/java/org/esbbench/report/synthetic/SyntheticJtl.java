package org.esbbench.report.synthetic;

import org.apache.commons.csv.CSVFormat;
import org.esbbench.report.samples.Sample;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Writes a JMeter CSV results file (JTL) of made-up samples, as large as wanted, to measure and check the analysis
 * without a load test: the suite's 17 columns and header, epoch-millisecond start timestamps, rows in order of
 * completion as JMeter writes them.
 *
 * <p>The samples come from a closed model, as the suite's plans run it: {@code users} threads ramp up over the first
 * tenth of the span and each sends its next request as soon as the previous one ended. Response times are
 * log-normal with a slow tail (one sample in a hundred is 3 to 20 times slower, like a GC pause); a small share
 * fails: errors (HTTP 503s, refused connections, read time-outs of 30 s, with {@code transport error: } messages)
 * and 2xx replies that failed the reply check ({@code incorrect reply: } messages holding commas and quotes, so the
 * file exercises CSV quoting), with the prefixes of the suite's reply assertion. The same {@link Spec} always gives the same
 * file. Memory is constant: one entry per thread.
 */
public final class SyntheticJtl {
    static final String[] HEADER = {"timeStamp", "elapsed", "label", "responseCode", "responseMessage", "threadName",
        "dataType", "success", "failureMessage", "bytes", "sentBytes", "grpThreads", "allThreads", "URL", "Latency",
        "IdleTime", "Connect"};
    /** Of the failed samples that are errors (not incorrect replies), the share that time out. */
    private static final double TIMEOUT_SHARE = 0.05;
    private static final double REFUSED_SHARE = 0.35;
    private static final long TIMEOUT_MILLIS = 30_000;
    private static final double TAIL_SHARE = 0.01;
    private static final double SIGMA = 0.5;
    /** The reply assertion's prefixes (jmeter-ext's {@code ScenarioReplyAssertion}); the analysis reads the first. */
    static final String INCORRECT_REPLY = Sample.INCORRECT_REPLY;
    static final String TRANSPORT_ERROR = "transport error: ";

    private SyntheticJtl() {
    }

    /**
     * What to generate.
     *
     * @param samples         rows to write
     * @param startMillis     the first sample's start, epoch ms
     * @param durationSeconds about how long the samples span; the mean response time follows from it and the users
     * @param users           concurrent threads (closed model)
     * @param errorRate       share of samples that fail without a usable reply ({@code transport error: })
     * @param incorrectRate   share of samples with a 2xx reply that failed the reply check ({@code incorrect reply: })
     * @param label           the sampler label (the scenario)
     * @param seed            the random seed: same spec, same file
     */
    public record Spec(long samples, long startMillis, double durationSeconds, int users, double errorRate,
                       double incorrectRate, String label, long seed) {

        public Spec {
            if (samples < 1) {
                throw new IllegalArgumentException("samples must be at least 1, was " + samples);
            }
            if (users < 1) {
                throw new IllegalArgumentException("users must be at least 1, was " + users);
            }
            if (!(durationSeconds > 0)) {
                throw new IllegalArgumentException("duration must be positive, was " + durationSeconds + " s");
            }
            if (errorRate < 0 || incorrectRate < 0 || errorRate + incorrectRate > 1) {
                throw new IllegalArgumentException("error and incorrect rates must be shares in [0, 1] that add up"
                    + " to at most 1, were " + errorRate + " and " + incorrectRate);
            }
            if (label == null || label.isBlank()) {
                throw new IllegalArgumentException("label must not be blank");
            }
        }

        /** Defaults: 0.2 % errors, 0.1 % incorrect replies, label "direct", seed 42. */
        public static Spec of(long samples, long startMillis, double durationSeconds, int users) {
            return new Spec(samples, startMillis, durationSeconds, users, 0.002, 0.001, "direct", 42);
        }
    }

    /**
     * What was written, with the exact figures a reader of the file must find.
     *
     * @param firstStartMillis the earliest sample start (the run's start for the analysis)
     * @param lastStartMillis  the latest sample start
     * @param lastEndMillis    the latest sample end
     */
    public record Written(Path file, long samples, long failed, long firstStartMillis, long lastStartMillis,
                          long lastEndMillis) {
    }

    public static Written write(Spec spec, Path file) throws IOException {
        Generator generator = new Generator(spec);
        long failed = 0;
        long lastStart = Long.MIN_VALUE;
        long lastEnd = Long.MIN_VALUE;
        Cells cells = new Cells(CSVFormat.DEFAULT, spec);
        StringBuilder line = new StringBuilder(256);
        try (Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8),
                1 << 20)) {
            out.write(cells.header);
            for (long i = 0; i < spec.samples(); i++) {
                Generator.Row row = generator.nextEnded();
                line.setLength(0);
                row.appendTo(line, cells);
                out.append(line);
                if (!row.success) {
                    failed++;
                }
                lastStart = Math.max(lastStart, row.start);
                lastEnd = Math.max(lastEnd, row.end());
                generator.continueAfter(row);
            }
        }
        return new Written(file, spec.samples(), failed, spec.startMillis(), lastStart, lastEnd);
    }

    /** The closed model: the thread whose request ends first is the next row, then it starts its next request. */
    private static final class Generator {
        private final Spec spec;
        private final SplittableRandom random;
        private final PriorityQueue<Row> inFlight = new PriorityQueue<>((a, b) -> Long.compare(a.end(), b.end()));
        private final double medianMillis;
        private final long rampMillis;

        Generator(Spec spec) {
            this.spec = spec;
            this.random = new SplittableRandom(spec.seed());
            // Each thread's requests follow one another (0.5 ms apart on average), so the span is about
            // samples / users * (mean response time + 0.5); time-outs take their share of it first.
            double timeouts = spec.errorRate() * TIMEOUT_SHARE * TIMEOUT_MILLIS;
            double meanMillis = Math.max(0.5, spec.users() * spec.durationSeconds() * 1000 / spec.samples() - 0.5 - timeouts);
            // The tail multiplies the mean by about 1 + TAIL_SHARE * 10.5; undo that and the log-normal's skew.
            this.medianMillis = meanMillis / (1 + TAIL_SHARE * 10.5) / Math.exp(SIGMA * SIGMA / 2);
            this.rampMillis = Math.round(spec.durationSeconds() * 100);
            for (int thread = 1; thread <= spec.users(); thread++) {
                Row row = new Row(thread);
                draw(row, spec.startMillis() + (spec.users() == 1 ? 0 : rampMillis * (thread - 1) / (spec.users() - 1)));
                inFlight.add(row);
            }
        }

        /** The request that ends first: the next row of the file, in completion order. */
        Row nextEnded() {
            return inFlight.poll();
        }

        /** The thread of {@code ended}, its row written, sends its next request. */
        void continueAfter(Row ended) {
            draw(ended, ended.end() + random.nextInt(2));
            inFlight.add(ended);
        }

        private void draw(Row row, long start) {
            row.start = start;
            row.allThreads = threadsActiveAt(start);
            double outcome = random.nextDouble();
            if (outcome < spec.errorRate()) {
                double kind = random.nextDouble();
                if (kind < TIMEOUT_SHARE) {
                    row.fail(TIMEOUT_MILLIS + random.nextInt(3), Failure.TIMEOUT);
                } else if (kind < TIMEOUT_SHARE + REFUSED_SHARE) {
                    row.fail(random.nextInt(2), Failure.REFUSED);
                } else {
                    row.fail(responseTime(), Failure.UNAVAILABLE);
                }
            } else if (outcome < spec.errorRate() + spec.incorrectRate()) {
                row.fail(responseTime(), random.nextBoolean() ? Failure.TRUNCATED : Failure.WRONG_ROUTE);
            } else {
                row.succeed(responseTime());
            }
            row.connect = random.nextInt(1000) == 0 ? 1 : 0;
        }

        private long responseTime() {
            double millis = medianMillis * Math.exp(SIGMA * random.nextGaussian());
            if (random.nextDouble() < TAIL_SHARE) {
                millis *= 3 + random.nextDouble() * 17;
            }
            return (long) millis;
        }

        /** Threads started by {@code start}: they start evenly spread over the ramp-up. */
        private int threadsActiveAt(long start) {
            long sinceStart = start - spec.startMillis();
            return spec.users() == 1 || sinceStart >= rampMillis ? spec.users()
                : (int) (1 + sinceStart * (spec.users() - 1) / rampMillis);
        }

        /** One thread's current request; reused for the thread's next one once written. */
        private static final class Row {
            final int thread;
            long start;
            long elapsed;
            boolean success;
            Failure failure;
            int allThreads;
            int connect;

            Row(int thread) {
                this.thread = thread;
            }

            long end() {
                return start + elapsed;
            }

            void succeed(long millis) {
                elapsed = millis;
                success = true;
                failure = null;
            }

            void fail(long millis, Failure why) {
                elapsed = millis;
                success = false;
                failure = why;
            }

            void appendTo(StringBuilder line, Cells cells) {
                boolean transport = failure == null || !failure.noReply;
                line.append(start).append(',').append(elapsed).append(',').append(cells.label).append(',')
                    .append(cells.codeAndMessage(failure)).append(',').append(cells.threadNames[thread]).append(",text,")
                    .append(cells.verdictAndBytes(failure)).append(',').append(transport ? 1293 : 0).append(',')
                    .append(allThreads).append(',').append(allThreads).append(',').append(cells.url).append(',')
                    .append(transport ? Math.max(0, elapsed - 1) : 0).append(",0,").append(connect).append('\n');
            }
        }
    }

    /**
     * The text cells of a row, quoted by Commons CSV once up front: a row then only appends numbers and these
     * strings, which is what lets ten million rows be written in seconds.
     */
    private static final class Cells {
        final String header;
        final String label;
        final String url;
        final String[] threadNames;
        private final String[] codeAndMessage = new String[Failure.values().length + 1];
        private final String[] verdictAndBytes = new String[Failure.values().length + 1];

        Cells(CSVFormat format, Spec spec) {
            header = format.format((Object[]) HEADER) + "\n";
            label = format.format(spec.label());
            url = format.format("http://127.0.0.1:8280/services/DirectProxy");
            threadNames = new String[spec.users() + 1];
            for (int thread = 1; thread <= spec.users(); thread++) {
                threadNames[thread] = format.format("closed-ThreadStarter 1-" + thread);
            }
            codeAndMessage[0] = format.format("200", "OK");
            verdictAndBytes[0] = format.format("true", "", 1128);
            for (Failure failure : Failure.values()) {
                codeAndMessage[failure.ordinal() + 1] = format.format(failure.code, failure.responseMessage);
                verdictAndBytes[failure.ordinal() + 1] = format.format("false", failure.failureMessage, failure.bytes);
            }
        }

        String codeAndMessage(Failure failure) {
            return codeAndMessage[failure == null ? 0 : failure.ordinal() + 1];
        }

        String verdictAndBytes(Failure failure) {
            return verdictAndBytes[failure == null ? 0 : failure.ordinal() + 1];
        }
    }

    /**
     * The failures JMeter records, as it records them: exceptions put "Non HTTP response" in code and message; the
     * failure message is the suite's reply assertion's, whose prefix is what the analysis classifies by
     * ({@code Sample.outcomeOf}): {@code transport error: } for the errors, {@code incorrect reply: } for the
     * replies that came and were wrong.
     */
    private enum Failure {
        UNAVAILABLE("503", "Service Unavailable", TRANSPORT_ERROR + "503 / Service Unavailable", 312, false),
        REFUSED("Non HTTP response code: java.net.ConnectException",
            "Non HTTP response message: Connect to 127.0.0.1:8280 [/127.0.0.1] failed: Connection refused",
            TRANSPORT_ERROR + "Non HTTP response code: java.net.ConnectException / Non HTTP response message:"
                + " Connect to 127.0.0.1:8280 [/127.0.0.1] failed: Connection refused", 2417, true),
        TIMEOUT("Non HTTP response code: java.net.SocketTimeoutException", "Non HTTP response message: Read timed out",
            TRANSPORT_ERROR + "Non HTTP response code: java.net.SocketTimeoutException / Non HTTP response message:"
                + " Read timed out", 1876, true),
        TRUNCATED("200", "OK", INCORRECT_REPLY + "body truncated, 512 of 1128 bytes", 512, false),
        WRONG_ROUTE("200", "OK", INCORRECT_REPLY + "expected \"route\": \"A\", got \"route\": \"B\"", 1128, false);

        final String code;
        final String responseMessage;
        final String failureMessage;
        final int bytes;
        final boolean noReply;

        Failure(String code, String responseMessage, String failureMessage, int bytes, boolean noReply) {
            this.code = code;
            this.responseMessage = responseMessage;
            this.failureMessage = failureMessage;
            this.bytes = bytes;
            this.noReply = noReply;
        }
    }
}
