package org.esbbench.report;

import java.io.PrintWriter;

/**
 * The last line of the command line's {@code analyze} and {@code regress}, for a script: {@code exit 0: ...} when
 * everything holds, {@code exit 1: ...} on a failed criterion, regression or run, {@code exit 2: bad input: ...};
 * the number is the process's exit code.
 */
public final class ExitLine {
    public static final int HOLDS = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    private ExitLine() {
    }

    /** Prints the line and returns its code. */
    public static int print(PrintWriter out, int code, String what) {
        out.println("exit " + code + ": " + what.replace('\n', ' '));
        out.flush();
        return code;
    }

    public static int badInput(PrintWriter out, String why) {
        return print(out, BAD_INPUT, "bad input: " + why);
    }
}
