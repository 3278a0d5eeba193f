package org.esbbench.maven.checks;

import org.esbbench.maven.run.BuildLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import org.esbbench.report.folder.RunLayout;

/** A preflight line goes to the build's log and to the run folder's preflight.log (what the target answered). */
public final class PreflightLog implements Consumer<String> {

    private final RunLayout layout;
    private final BuildLog log;

    public PreflightLog(RunLayout layout, BuildLog log) {
        this.layout = layout;
        this.log = log;
    }

    @Override
    public void accept(String line) {
        log.info(line);
        try {
            Files.writeString(layout.preflightLog(), line + System.lineSeparator(), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            log.warn("cannot write " + RunLayout.PREFLIGHT_LOG + ": " + e.getMessage());
        }
    }
}
