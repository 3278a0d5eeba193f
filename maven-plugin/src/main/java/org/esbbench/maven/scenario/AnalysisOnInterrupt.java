package org.esbbench.maven.scenario;

import org.esbbench.report.ReportCommand;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.run.RawResults;
import org.esbbench.report.folder.RunLayout;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A build stopped during the run goal (Ctrl-C, SIGTERM) never reaches the analyze goal; this shutdown hook still
 * leaves the summary of what was measured. It waits for the run loop to record the scenario run the stop cut short
 * (the other hooks stop its JMeter), then analyses the run folder as {@code esb-bench-report analyze RUN_DIR} does,
 * without dashboards (a stop should not wait for JMeter's report generator) and for at most {@link #LIMIT}: a stopped
 * build must still end promptly, and a run of long windows can take longer to read; then the message names the
 * command. The analysis is a child JVM on this plugin's class path: while Maven shuts down, the plugin's class realm
 * can no longer load classes, so the hook uses only what the JDK has. The goal closes the hook when its loop ends by
 * itself; the analyze goal then does the analysis.
 */
public final class AnalysisOnInterrupt implements AutoCloseable {
    /** How long the hook waits for the run loop to write the interrupted scenario run's row. */
    private static final Duration LOOP_END = Duration.ofSeconds(30);
    /** How long the analysis may delay the end of a stopped build. */
    static final Duration LIMIT = Duration.ofSeconds(60);

    private final RunLayout layout;
    private final List<String> command;
    private final CountDownLatch loopEnded = new CountDownLatch(1);
    private final Thread hook;

    public AnalysisOnInterrupt(RunLayout layout, double saturationThreshold) {
        this.layout = layout;
        this.command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classPath(), ReportCommand.class.getName(), "analyze", layout.dir().toString(), "--no-dashboards",
                "--saturation-threshold", Double.toString(saturationThreshold), "--keep-results", keepResults(layout));
        this.hook = new Thread(this::analyse, "esb-bench-analysis-on-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * the run parameters' -DkeepResults, but compressed for none: a stopped run is resumed and analysed again, which
     * needs the results of the scenario runs measured before the stop.
     */
    static String keepResults(RunLayout layout) {
        try {
            KeepResults keep = RawResults.choice(null, layout);
            return (keep == KeepResults.NONE ? KeepResults.COMPRESSED : keep).id();
        } catch (IOException | IllegalArgumentException e) {
            return KeepResults.COMPRESSED.id();
        }
    }

    /** The jars of this plugin's class realm (a URLClassLoader), read now, while the realm is alive. */
    private static String classPath() {
        ClassLoader loader = AnalysisOnInterrupt.class.getClassLoader();
        List<String> entries = new ArrayList<>();
        if (loader instanceof URLClassLoader urls) {
            for (URL url : urls.getURLs()) {
                try {
                    entries.add(Path.of(url.toURI()).toString());
                } catch (URISyntaxException | IllegalArgumentException notAFile) {
                    // not a local jar: the analysis does not need it
                }
            }
        }
        return entries.isEmpty() ? System.getProperty("java.class.path") : String.join(File.pathSeparator, entries);
    }

    /** The run loop has ended (normally, by a failure or by the stop): its last row is written. */
    void loopEnded() {
        loopEnded.countDown();
    }

    private void analyse() {
        try {
            if (!loopEnded.await(LOOP_END.toSeconds(), TimeUnit.SECONDS)) {
                say("the run loop did not end within " + LOOP_END.toSeconds() + " s of the stop; analysing what it"
                        + " recorded");
            }
            say("build stopped: analysing what run " + layout.runId() + " measured so far (no dashboards, at most "
                    + LIMIT.toSeconds() + " s)");
            Process analysis = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(layout.analysisOfStoppedRunLog().toFile()).start();
            if (!analysis.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                analysis.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                say("the analysis did not finish within " + LIMIT.toSeconds() + " s and was stopped; run it with"
                        + " mvn -pl suite esb-bench:analyze -Drun=" + layout.runId());
                return;
            }
            // Exit 1 is a run with failures, as a stopped run always has; anything else is the analysis failing.
            say(analysis.exitValue() <= 1
                    ? "summary of the stopped run: " + layout.summaryMd() + " (the stop is among its failures); measure"
                            + " the rest with -Dresume=" + layout.runId()
                    : "could not analyse the stopped run (exit " + analysis.exitValue() + ", log " + layout.analysisOfStoppedRunLog() + "); run mvn -pl suite esb-bench:analyze -Drun="
                            + layout.runId() + " later");
        } catch (IOException e) {
            say("could not start the analysis of the stopped run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void say(String line) {
        // Maven's logger may already be gone during shutdown.
        System.err.println("[esb-bench] " + line);
    }

    /** Removes the hook: the goal ended by itself, the analyze goal analyses the run. */
    @Override
    public void close() {
        loopEnded();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway, and finds the loop ended
        }
    }
}
