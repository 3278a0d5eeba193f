package org.esbbench.report.round;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The published ratios shipped with the report: consistent with their own throughputs, each with its source. */
class PublishedRatiosTest {
    private final PublishedRatios published = PublishedRatios.load();

    @Test
    void everyRatioWithAPublishedThroughputIsThatOverTheSameServersDirectRoundedToTwoDecimals() {
        Map<String, Double> direct = published.ratios().stream().filter(r -> r.scenario().equals("direct") && r.tps() != null)
                .collect(Collectors.toMap(PublishedRatios.Ratio::server, PublishedRatios.Ratio::tps));
        List<PublishedRatios.Ratio> withTps = published.ratios().stream().filter(r -> r.tps() != null).toList();

        assertThat(withTps).hasSize(4 * 6);
        assertThat(withTps).allSatisfy(r -> assertThat(r.ratio()).as("%s %s", r.server(), r.scenario()).isEqualTo(
                BigDecimal.valueOf(r.tps() / direct.get(r.server())).setScale(2, RoundingMode.HALF_UP).doubleValue()));
        assertThat(published.ratios()).filteredOn(r -> r.scenario().equals("direct")).allSatisfy(r ->
                assertThat(r.ratio()).isEqualTo(1.0));
    }

    @Test
    void theRoundsIncorrectRepliesAreMarkedAndEverySourceIsCited() {
        assertThat(published.ratios()).filteredOn(PublishedRatios.Ratio::incorrect)
                .extracting(r -> r.server() + " " + r.scenario())
                .containsExactlyInAnyOrder("WSO2 ESB 4.7.0 cbr-body", "WSO2 ESB 4.7.0 cbr-soap-header", "WSO2 ESB 4.7.0 xslt");
        assertThat(published.sources().values()).extracting(PublishedRatios.Source::publication).containsExactlyInAnyOrder(
                "WSO2 Enterprise Micro Integrator performance test results (WSO2's published release results)",
                "AdroitLogic ESB performance round 7 (October 2013)");
        assertThat(published.ratios()).allSatisfy(r -> assertThat(published.sources()).containsKey(r.source()));
    }

    @Test
    void wso2MiIsTakenAtTheRoundsUsersOrTheNearest() {
        assertThat(mi(50).byScenario().get("xslt").ratio()).isEqualTo(0.33);
        assertThat(mi(50).note()).isEqualTo("published at the round's 50 users");
        assertThat(mi(16).label()).isEqualTo("WSO2 MI, 1 KiB, 20 users");
        assertThat(mi(16).note()).isEqualTo("published at 20 users, the nearest to the round's 16");
        assertThat(mi(15).label()).as("as near to 10 as to 20: the lower").isEqualTo("WSO2 MI, 1 KiB, 10 users");
        assertThat(mi(1000).byScenario().get("cbr-transport-header").ratio()).isEqualTo(1.15);
        assertThat(published.columns(10)).extracting(PublishedRatios.Column::label).containsExactly(
                "WSO2 MI, 1 KiB, 10 users", "Mule CE 3.4.0", "Talend ESB SE 5.3.1", "UltraESB 2.0.0 (enhanced)",
                "WSO2 ESB 4.7.0");
    }

    private PublishedRatios.Column mi(int users) {
        return published.columns(users).get(0);
    }
}
