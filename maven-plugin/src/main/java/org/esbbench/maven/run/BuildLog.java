package org.esbbench.maven.run;

import java.util.function.Consumer;

/**
 * The build's log as the goals' helpers write to it: info and warning lines, each with the goal's prefix (the
 * goal gives its own two methods), so that a class that works for a goal says what it does in the goal's words.
 */
public final class BuildLog {
    private final Consumer<String> info;
    private final Consumer<String> warn;

    public BuildLog(Consumer<String> info, Consumer<String> warn) {
        this.info = info;
        this.warn = warn;
    }

    public void info(String line) {
        info.accept(line);
    }

    public void warn(String line) {
        warn.accept(line);
    }
}
