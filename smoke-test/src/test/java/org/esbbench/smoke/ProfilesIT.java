package org.esbbench.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.browser.FlameGraphPage;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;
import org.esbbench.report.profiles.ProfileRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smoke run profiles the reference server ({@code -Dprofile=cpu}, the suite's smoke profile): every scenario
 * run has a profile taken by async-profiler, its library an agent of the server from its start, and the points are
 * flagged {@code profiled}; xslt's flame graph, drawn by Chromium, has Saxon's transform among its widest frames and
 * ws-security's the WS-Security signature and the decryption of its encrypted key; the summary has a row of where the
 * server's time went per point, the index links each flame graph, and the run left no agent library or attach socket.
 */
class ProfilesIT {
    private static final Path ROOT = Path.of(System.getProperty("esbbench.root", "..")).toAbsolutePath().normalize();
    private static RunLayout layout;
    private static RunParametersFile plan;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findTheRun() throws IOException {
        layout = new RunLayout(Path.of(Files.readString(ROOT.resolve("suite/target/esb-bench/current-run")).strip()));
        plan = RunParametersFile.read(layout.runParametersFile());
    }

    @Test
    void everyScenarioRunWasProfiledByAsyncProfilerDuringItsWindow() throws IOException {
        assertThat(plan.parameters()).containsEntry("profile", "cpu");
        for (RunParametersFile.ScenarioRun run : plan.scenarioRuns()) {
            ProfileRecord record = ProfileRecord.read(layout.profileRecord(run.name())).orElseThrow(
                    () -> new AssertionError(run.name() + ": no profile record"));
            assertThat(record.profiler()).as(run.name() + ": " + record).isEqualTo(ProfileRecord.Profiler.ASYNC_PROFILER);
            assertThat(record.taken()).as(run.name() + ": " + record).isTrue();
            assertThat(layout.profileRecording(run.name())).as(run.name()).isRegularFile();
            assertThat(layout.flameGraph(run.name())).as(run.name()).isRegularFile();
            assertThat(layout.collapsedStacks(run.name())).as(run.name()).isRegularFile();
        }
        try (Reader in = Files.newBufferedReader(layout.points())) {
            for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
                assertThat(r.get("flags")).as(r.get("scenario")).contains("profiled: cpu every 10ms by async-profiler");
            }
        }
    }

    @Test
    void xsltsWidestFramesAreSaxonsTransformAndWsSecuritysTheSignatureAndTheDecryption() throws Exception {
        FlameGraphPage.Drawn xslt = FlameGraphPage.render(closed("xslt"), tmp);
        assertThat(xslt.frames()).as("frames drawn").isGreaterThan(10);
        assertThat(xslt.widest()).as("xslt's widest frames").anyMatch(f -> f.startsWith("net.sf.saxon.")
                && f.endsWith(".transform"));

        FlameGraphPage.Drawn wss = FlameGraphPage.render(closed("ws-security"), tmp);
        assertThat(wss.widest()).as("ws-security's widest frames: the reply's signature")
                .anyMatch(f -> f.startsWith("org.apache.wss4j.dom.message.WSSecSignature."));
        assertThat(wss.widest()).as("ws-security's widest frames: the request's encrypted key decrypted")
                .anyMatch(f -> f.startsWith("org.apache.wss4j.dom.processor.EncryptedKeyProcessor."));
    }

    @Test
    void theSummarySaysWhereTheTimeWentAndTheIndexLinksEachFlameGraph() throws IOException {
        String md = Files.readString(layout.summaryMd());
        assertThat(md).contains("## Where the server's time went");
        String section = md.substring(md.indexOf("## Where the server's time went")).split("\n## ", 2)[0];
        String xslt = section.lines().filter(l -> l.startsWith("| " + closed("xslt").getFileName().toString()
                .replaceAll("_r1\\.html$", "") + " |")).findFirst().orElseThrow();
        assertThat(xslt).contains("| async-profiler |", "net.sf.saxon ", "](profiles/");

        String index = Files.readString(layout.dir().getParent().resolve("index.html"));
        assertThat(index).contains(layout.runId() + "/" + RunLayout.PROFILES + "/" + closed("xslt").getFileName());
    }

    @Test
    void nothingOfTheProfilerIsLeft() throws IOException {
        assertThat(layout.profilerAgent()).as("the agent library and its files, removed at the servers' stop")
                .doesNotExist();
        for (RunParametersFile.ScenarioRun run : plan.scenarioRuns()) {
            long pid = ProfileRecord.read(layout.profileRecord(run.name())).orElseThrow().pid();
            assertThat(Path.of("/tmp/.java_pid" + pid)).as("the server's attach socket").doesNotExist();
        }
    }

    /** The flame graph of the scenario's closed-model point. */
    private static Path closed(String scenario) {
        return plan.scenarioRuns().stream().filter(r -> r.point().scenario().equals(scenario) && !r.point().isOpen())
                .findFirst().map(r -> layout.flameGraph(r.name())).orElseThrow();
    }
}
