package org.esbbench.report.summary;

import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.RunLayout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The one writer of a run's summaries, for the build's analysis and the command line alike: {@code summary.csv}
 * (for tools) and {@code summary.md} (for people), both from the catalogue of figures. Write the charts and the
 * latency distributions first: summary.md links those that exist.
 */
public final class SummaryWriter {
    private SummaryWriter() {
    }

    public static void write(RunSummary summary, RunLayout layout) throws IOException {
        write(summary, layout, Figures.standard());
    }

    public static void write(RunSummary summary, RunLayout layout, Figures figures) throws IOException {
        Files.createDirectories(layout.dir());
        SummaryCsv.write(summary.points(), figures, layout.summaryCsv());
        Files.writeString(layout.summaryMd(), SummaryMarkdown.of(summary, layout, figures), StandardCharsets.UTF_8);
    }

    /** The Markdown headline table of the points alone (what the command line prints). */
    public static String table(RunSummary summary, Figures figures) {
        return SummaryMarkdown.headlineTable(summary.points(), figures);
    }
}
