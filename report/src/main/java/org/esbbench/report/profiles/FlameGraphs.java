package org.esbbench.report.profiles;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * async-profiler's converter, used as a library: a recording (JFR, from async-profiler or from the JVM's own Flight
 * Recorder) cut to a time range into an interactive flame graph (HTML, one page with its script, nothing fetched) and
 * collapsed stacks; two profiles' collapsed stacks into a differential flame graph. Class names are dotted and hidden
 * classes' generated suffixes dropped ({@code --dot --norm}), so the stacks of two runs compare frame by frame.
 */
public final class FlameGraphs {
    private FlameGraphs() {
    }

    /**
     * Writes the flame graph ({@code html}) and the collapsed stacks ({@code collapsed}, gzip-compressed when its name
     * ends in .gz) of what {@code recording} holds of {@code event} from {@code fromMs} to {@code toMs} (epoch ms,
     * inclusive; 0 and 0: all of it).
     *
     * @return the stacks written
     * @throws IOException when the recording cannot be read (a torn or empty file) or an output written
     */
    public static CollapsedStacks cut(Path recording, ProfileEvent event, long fromMs, long toMs, String title,
                                      Path html, Path collapsed) throws IOException {
        List<String> options = new ArrayList<>(event.converterOptions());
        options.add("--norm");
        options.add("--dot");
        Arguments args = new Arguments(options.toArray(String[]::new));
        args.from = fromMs;
        args.to = toMs;
        args.title = title;
        FlameGraph graph;
        try {
            graph = JfrToFlame.parse(recording.toString(), args);
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read the recording " + recording + ": " + e, e);
        }
        Files.createDirectories(html.toAbsolutePath().getParent());
        args.output = "collapsed";
        dump(graph, collapsed);
        args.output = "html";
        dump(graph, html);
        return CollapsedStacks.read(collapsed);
    }

    /**
     * Writes the differential flame graph of {@code current} against {@code base} into {@code html}: the shape of
     * {@code current}, each frame red where its self time grew, blue where it shrank, yellow where {@code base} had
     * none. {@code base} is scaled to {@code current}'s total first, so that the colours say how each frame's share
     * moved, not that one window had more samples than the other.
     */
    public static void difference(CollapsedStacks base, CollapsedStacks current, String title, Path html)
            throws IOException {
        Arguments args = new Arguments("--norm");
        args.title = title;
        args.output = "html";
        FlameGraph baseGraph = graph(base.scaled(base.total() == 0 ? 1 : (double) current.total() / base.total()), args);
        FlameGraph currentGraph = graph(current, args);
        currentGraph.diff(baseGraph);
        Files.createDirectories(html.toAbsolutePath().getParent());
        dump(currentGraph, html);
    }

    private static FlameGraph graph(CollapsedStacks stacks, Arguments args) throws IOException {
        StringWriter text = new StringWriter();
        stacks.write(text);
        FlameGraph graph = new FlameGraph(args);
        graph.parseCollapsed(new StringReader(text.toString()));
        return graph;
    }

    /** Writes the graph into {@code file}, gzip-compressed when its name ends in .gz. */
    private static void dump(FlameGraph graph, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = file.getFileName().toString().endsWith(".gz")
                ? new java.util.zip.GZIPOutputStream(Files.newOutputStream(tmp), 1 << 16) : Files.newOutputStream(tmp)) {
            graph.dump(out);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
