package org.esbbench.report.roundreport;

import org.esbbench.report.ReportCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.report.roundreport.RoundFixture.done;
import static org.esbbench.report.roundreport.RoundFixture.row;

/** {@code esb-bench-report round ROUND_DIR}: writes the report again; a folder without round.json is exit 2. */
class RoundCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theRoundCommandWritesTheReportAgain() throws Exception {
        Path results = tmp.resolve("results");
        RoundFixture.run(results, "20261121-100000-reference", List.of(row("direct", 1000, 10, 100, "")));
        Path roundDir = RoundFixture.round(results, List.of("reference"), 1, List.of("direct"), Map.of(),
                List.of(done(1, 1, "reference", List.of("direct"), "20261121-100000-reference")));
        StringWriter out = new StringWriter();
        var cli = ReportCommand.commandLine();
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute("round", roundDir.toString());

        assertThat(exit).isZero();
        assertThat(roundDir.resolve("round.md")).isNotEmptyFile();
        assertThat(roundDir.resolve("round.html")).isNotEmptyFile();
        assertThat(results.resolve("index.html")).isNotEmptyFile();
        assertThat(out.toString()).contains("Round " + RoundFixture.ID + ": 1 cells, 0 unstable");
    }

    @Test
    void aFolderWithoutRoundJsonIsExitTwo() throws Exception {
        Path notARound = Files.createDirectories(tmp.resolve("results").resolve("round-x"));
        StringWriter err = new StringWriter();
        var cli = ReportCommand.commandLine();
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("round", notARound.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("no round.json");
    }
}
