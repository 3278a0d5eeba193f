package org.esbbench.report.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes JTL files with JMeter 5.6.3's default CSV header, row by row, for tests (public: the root package's
 * ReportCommandTest writes its files with it too).
 */
public final class JtlFixture {
    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    private final StringBuilder text = new StringBuilder(HEADER).append('\n');

    public JtlFixture ok(long start, long elapsed) {
        return row(start, elapsed, "200", true, "");
    }

    public JtlFixture row(long start, long elapsed, String code, boolean success, String failureMessage) {
        String message = failureMessage.isEmpty() ? "" : '"' + failureMessage.replace("\"", "\"\"") + '"';
        text.append(start).append(',').append(elapsed).append(",direct,").append(code).append(",OK,Users 1-1,text,")
                .append(success).append(',').append(message).append(",1300,1200,10,10,http://127.0.0.1:8280/x,")
                .append(elapsed).append(",0,1\n");
        return this;
    }

    public Path write(Path file) throws IOException {
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
