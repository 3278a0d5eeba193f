package org.esbbench.report.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A child process with its output in a log file, the way every process the suite starts is run: stdout and stderr
 * appended to one log (so what it printed survives it and the build's own output stays readable), stdin closed (a
 * child that reads its input ends instead of waiting forever), and the end of its log for error messages. The
 * plugin's supervised processes and the report's dashboard runs both start their children here.
 */
public final class LoggedChild {
    /** How much of a log's end {@link #tail} reads: enough for any number of lines an error message shows. */
    private static final int TAIL_BYTES = 64 * 1024;

    private LoggedChild() {
    }

    /** Starts {@code command} in {@code workDir}, its output appended to {@code log} (whose folder is made). */
    public static Process start(List<String> command, Path workDir, Path log) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process process = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        process.getOutputStream().close();
        return process;
    }

    /** The last {@code lines} lines of a log, read from its end (a huge log costs nothing). */
    public static String tail(Path log, int lines) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            int size = (int) Math.min(length, TAIL_BYTES);
            byte[] bytes = new byte[size];
            file.seek(length - size);
            file.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (text.isEmpty()) {
                return "";
            }
            String[] all = text.split("\\R");
            return String.join(System.lineSeparator(), List.of(all).subList(Math.max(0, all.length - lines), all.length));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
