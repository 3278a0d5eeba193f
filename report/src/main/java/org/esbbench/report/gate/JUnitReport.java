package org.esbbench.report.gate;

import org.esbbench.report.compare.PointCheck;
import org.esbbench.report.compare.RegressionResult;
import org.esbbench.report.figures.Figure;
import org.esbbench.report.figures.StandardFigures;
import org.esbbench.report.points.Point;
import org.esbbench.report.points.RepeatRow;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A run as a JUnit XML report ({@code junit.xml} in the run folder; the build copies it where CI servers look): one
 * {@code <testsuite>} for the run, with one test case per scenario run (its errors and incorrect replies), one per
 * point and criterion, one per capacity search and capacity criterion (named after the search's key), and one per point compared with the baseline (skipped for a point the baseline lacks); a
 * failed case's message names the figures, a passed one's figures are in its {@code system-out}. The Ant/Surefire form every CI server reads, written with the
 * JDK's StAX writer so that every message is escaped as XML wants.
 */
public final class JUnitReport {
    /** The test cases' classes: how a CI server groups them. */
    public static final String SCENARIO_RUNS = "esb-bench.scenario-runs";
    public static final String CRITERIA = "esb-bench.criteria";
    public static final String BASELINE = "esb-bench.baseline";

    /**
     * One scenario run as the analysis left it.
     *
     * @param name     the scenario run's name, e.g. direct_u2_s1024_d0_r1
     * @param row      its figures; null when it has none (not measured, or its results are gone)
     * @param failures what failed in it (errors, incorrect replies, a crash), one line each; empty when it passed
     * @param seconds  its measurement window
     */
    public record ScenarioRunOutcome(String name, RepeatRow row, List<String> failures, long seconds) {
        public ScenarioRunOutcome {
            failures = List.copyOf(failures);
        }
    }

    private JUnitReport() {
    }

    public static void write(Path file, String runId, Instant at, List<ScenarioRunOutcome> runs, GateResult gate)
            throws IOException {
        List<Case> cases = new ArrayList<>();
        for (ScenarioRunOutcome r : runs) {
            String figures = r.row() == null ? "no figures (not measured)" : figures(r.row());
            cases.add(new Case(SCENARIO_RUNS, r.name() + ": errors and replies", r.seconds(),
                    r.failures().isEmpty() ? null : String.join("; ", r.failures()) + " (" + figures + ")", figures));
        }
        for (CriterionCheck c : gate.criteria()) {
            cases.add(new Case(CRITERIA, c.point().key() + ": " + c.criterion().text(), 0,
                    c.passed() ? null : c.message(), c.message()));
        }
        for (CapacityCheck c : gate.capacity()) {
            cases.add(new Case(CRITERIA, c.name() + ": " + c.criterion().text(), 0, c.passed() ? null : c.message(),
                    c.message()));
        }
        gate.regression().ifPresent(r -> baselineCases(r, gate.profiles(), cases));
        gate.baselineProblem().ifPresent(p -> cases.add(new Case(BASELINE, "baseline", 0, p, p)));
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "esb-bench." + runId);
            xml.writeAttribute("tests", Integer.toString(cases.size()));
            xml.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.failure() != null).count()));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", Long.toString(cases.stream().filter(Case::skipped).count()));
            xml.writeAttribute("time", Long.toString(runs.stream().mapToLong(ScenarioRunOutcome::seconds).sum()));
            xml.writeAttribute("timestamp", at.truncatedTo(ChronoUnit.SECONDS).toString());
            for (Case c : cases) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", c.classname());
                xml.writeAttribute("name", xmlText(c.name()));
                xml.writeAttribute("time", Long.toString(c.seconds()));
                if (c.skipped()) {
                    xml.writeEmptyElement("skipped");
                    xml.writeAttribute("message", xmlText(c.out()));
                }
                if (c.failure() != null) {
                    xml.writeStartElement("failure");
                    xml.writeAttribute("message", xmlText(c.failure()));
                    xml.writeAttribute("type", c.classname());
                    xml.writeCharacters(xmlText(c.failure()));
                    xml.writeEndElement();
                }
                xml.writeStartElement("system-out");
                xml.writeCharacters(xmlText(c.out()));
                xml.writeEndElement();
                xml.writeEndElement();
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void baselineCases(RegressionResult r, BaselineProfiles profiles, List<Case> cases) {
        for (PointCheck p : r.checks()) {
            String name = p.point().key() + " against baseline " + r.baseline().runId();
            List<String> lines = new ArrayList<>();
            for (Figure f : r.limits().figures()) {
                String base = p.baseline().value(f) == null ? "n/a" : f.recorded(p.baseline().value(f).value());
                String cand = p.candidate() == null ? "missing" : p.candidate().value(f) == null ? "n/a"
                        : f.recorded(p.candidate().value(f).value());
                Double change = p.change(f);
                lines.add(f.id() + " " + base + " -> " + cand + (change == null ? ""
                        : String.format(java.util.Locale.ROOT, " (%+.1f%%)", change)));
            }
            lines.addAll(p.withinSpread());
            // Where both runs were profiled, the case names the point's differential flame graph.
            profiles.note(p.point()).ifPresent(lines::add);
            String out = String.join("; ", lines);
            cases.add(new Case(BASELINE, name, 0, p.passed() ? null : String.join("; ", p.failures()) + " (" + out + ")",
                    out));
        }
        for (Point added : r.added()) {
            // Reported, not silently passed: a CI server shows it as skipped.
            cases.add(new Case(BASELINE, added.key() + " against baseline " + r.baseline().runId(), 0, null,
                    "not in the baseline run " + r.baseline().runId() + ": not judged", true));
        }
    }

    /**
     * The text with every character XML 1.0 does not allow (control characters but tab and line breaks, lone
     * surrogates) as U+FFFD: a failure message copied from a corrupt reply must not make the report unreadable,
     * least of all when the run failed. StAX escapes markup, not these.
     */
    static String xmlText(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.appendCodePoint(c == 0x9 || c == 0xA || c == 0xD
                || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF)
                ? c : 0xFFFD));
        return out.toString();
    }

    /** The figures of a scenario run a CI reader wants first. */
    private static String figures(RepeatRow row) {
        List<String> parts = new ArrayList<>();
        for (Figure f : List.of(StandardFigures.SAMPLES, StandardFigures.ERRORS, StandardFigures.ERROR_PCT,
                StandardFigures.INCORRECT, StandardFigures.THROUGHPUT, StandardFigures.P99)) {
            Double v = row.value(f);
            parts.add(f.id() + " " + (v == null ? "n/a" : f.recorded(v)));
        }
        return String.join(", ", parts);
    }

    private record Case(String classname, String name, long seconds, String failure, String out, boolean skipped) {
        Case(String classname, String name, long seconds, String failure, String out) {
            this(classname, name, seconds, failure, out, false);
        }
    }
}
