package org.esbbench.maven.rounds;

import org.esbbench.maven.checks.DiskEstimate;
import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.run.BuildLog;
import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.round.RoundRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoundCheckTest {
    private static final DiskEstimate.FreeSpace PLENTY = dir -> 1L << 40;

    @TempDir
    Path root;

    private final List<String> said = new ArrayList<>();
    private final BuildLog log = new BuildLog(said::add, said::add);

    @Test
    void everyTargetIsCheckedTheLengthIsSaidAndTheRoundFolderHoldsEveryTargetRunPending() throws Exception {
        profiles();
        List<String> checked = new ArrayList<>();
        RoundPointer pointer = new RoundPointer(root.resolve("target/esb-bench"));

        Path dir = new RoundCheck(root, log).newRound("esb,proxy", 2, "rest,direct,cbr-body", Map.of("users", "16"),
                (target, scenarios) -> {
                    checked.add(target + ":" + String.join(",", scenarios));
                    return new RoundCheck.Estimate(100, scenarios.size(), need(1 << 20), true);
                }, PLENTY, true, pointer);

        // The catalogue's order whatever the order asked; each target its served scenarios.
        assertThat(checked).containsExactly("esb:direct,cbr-body,rest", "proxy:direct,rest");
        // 2 iterations × (esb: 100 s + 30 + 3 × 15; proxy: 100 s + 30 + 2 × 15) = 670 s.
        assertThat(said).anyMatch(l -> l.contains("4 target runs, 10 scenario runs, about 0:11:10 in all"));
        assertThat(pointer.current()).contains(dir.toAbsolutePath());
        RoundRecord record = RoundRecord.read(dir);
        assertThat(record.runs()).hasSize(4).allMatch(r -> r.state() == RoundRecord.State.PENDING);
        assertThat(record.parameters()).containsEntry("users", "16");
        assertThat(record.notServed().get("proxy")).containsExactly("cbr-body");
        assertThat(record.scenarios()).containsExactly("direct", "cbr-body", "rest");
        assertThat(dir.getFileName().toString()).isEqualTo(RoundRecord.PREFIX + record.id());
    }

    @Test
    void aRoundTheDiskCannotHoldAndATargetTheSuiteDoesNotStartAreRefusedAndNothingIsWritten() throws Exception {
        profiles();
        RoundPointer pointer = new RoundPointer(root.resolve("target/esb-bench"));
        RoundCheck check = new RoundCheck(root, log);

        assertThatThrownBy(() -> check.newRound("esb,proxy", 3, "direct", Map.of(),
                (t, s) -> new RoundCheck.Estimate(10, 1, need(400L << 20), true), dir -> 1L << 30, true, pointer))
                .isInstanceOf(InvalidRunException.class).hasMessageContaining("not enough disk");
        assertThatThrownBy(() -> check.newRound("esb,proxy", 1, "direct", Map.of(),
                (t, s) -> new RoundCheck.Estimate(10, 1, need(1), !t.equals("proxy")), PLENTY, true, pointer))
                .hasMessageContaining("target 'proxy': its server is one the suite does not start");
        assertThatThrownBy(() -> check.newRound("esb", 1, "direct", Map.of(), (t, s) -> {
            throw new InvalidRunException("port 8280 is in use");
        }, PLENTY, true, pointer)).hasMessage("round, target 'esb': port 8280 is in use");
        assertThat(root.resolve("results")).doesNotExist();
        assertThat(pointer.current()).isEmpty();
    }

    @Test
    void aBuildThatOnlyChecksWritesNoRound() throws Exception {
        profiles();
        RoundPointer pointer = new RoundPointer(root.resolve("target/esb-bench"));

        Path dir = new RoundCheck(root, log).newRound("esb", 1, "direct", Map.of(),
                (t, s) -> new RoundCheck.Estimate(10, 1, need(1), true), PLENTY, false, pointer);

        assertThat(dir).isNull();
        assertThat(root.resolve("results")).doesNotExist();
    }

    @Test
    void aRoundToResumeIsNamedByItsIdAndSaysWhereItGoesOn() throws Exception {
        profiles();
        RoundPointer pointer = new RoundPointer(root.resolve("target/esb-bench"));
        RoundCheck check = new RoundCheck(root, log);
        Path dir = check.newRound("esb,proxy", 1, "direct", Map.of(),
                (t, s) -> new RoundCheck.Estimate(10, 1, need(1), true), PLENTY, true, pointer);
        RoundRecord record = RoundRecord.read(dir);
        record.with(0, record.runs().get(0).started("20261127-100000-esb").ended(RoundRecord.State.DONE, null))
                .with(1, record.runs().get(1).started("20261127-100100-proxy")).write(dir);
        said.clear();

        assertThat(RoundCheck.namesRound(RoundRecord.PREFIX + record.id())).isTrue();
        assertThat(RoundCheck.namesRound("20261127-100000-esb")).isFalse();
        assertThat(check.resume(RoundRecord.PREFIX + record.id(), true, pointer)).isEqualTo(dir);
        assertThat(said).containsExactly("round " + record.id() + ": 1 of 2 target runs ended; it goes on with"
                + " iteration 1, proxy (run 20261127-100100-proxy, resumed)");
        assertThatThrownBy(() -> check.resume("round-19990101-000000", true, pointer))
                .hasMessageContaining("no round there").hasMessageContaining(RoundRecord.PREFIX + record.id());
    }

    private void profiles() throws IOException {
        Path targets = Files.createDirectories(root.resolve("config/targets"));
        Files.writeString(targets.resolve("esb.properties"), "description=esb\nport=8280\n");
        Files.writeString(targets.resolve("proxy.properties"), "description=proxy\nport=8380\nscenarios=direct,rest\n");
    }

    private static DiskEstimate.Need need(long bytes) {
        return new DiskEstimate.Need(bytes, bytes, 0, 0, KeepResults.COMPRESSED);
    }
}
