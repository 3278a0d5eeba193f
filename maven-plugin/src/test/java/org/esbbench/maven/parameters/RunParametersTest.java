package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunParametersTest {

    @TempDir
    Path root;

    /** name=value pairs over the defaults. */
    private RunParameters parse(String... pairs) throws InvalidRunException {
        Map<String, String> values = new HashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return RunParameters.parse(values, root, root.resolve("jmx"));
    }

    @Test
    void allMeansEveryScenarioOfTheCatalogueOnItsStandardPlan() throws Exception {
        RunParameters plan = parse("scenarios=all");
        assertThat(plan.scenarios()).containsExactly(Scenario.values());
        assertThat(plan.plan("cbr-body").file()).isEqualTo(root.resolve("jmx/soap-http.jmx"));
        assertThat(plan.plan("rest").file()).isEqualTo(root.resolve("jmx/rest.jmx"));
        assertThat(parse().scenarios()).as("no -Dscenarios, no -Dplans").containsExactly(Scenario.values());
    }

    @Test
    void aListKeepsCatalogueOrderAndDropsRepeats() throws Exception {
        RunParameters plan = parse("scenarios= xslt, direct ,xslt", "warmup=1", "measurement=2");
        assertThat(plan.planIds()).containsExactly("direct", "xslt");
        assertThat(plan.plannedSeconds()).isEqualTo(2 * (1 + 2 + RunParameters.TAIL_SECONDS));
    }

    @Test
    void givenOrderKeepsTheListsOrderAsARoundsRotationNeeds() throws Exception {
        assertThat(parse("scenarios=rest,xslt,direct,xslt", "scenarioOrder=given").planIds())
                .containsExactly("rest", "xslt", "direct");
        assertThat(parse("scenarios=rest,xslt,direct", "scenarioOrder=catalogue").planIds())
                .containsExactly("direct", "xslt", "rest");
    }

    @Test
    void anUnknownScenarioNamesTheValidIdsAndHowToRunAPlanOfOnesOwn() {
        assertThatThrownBy(() -> parse("scenarios=direct,proxy"))
                .isInstanceOf(InvalidRunException.class)
                .hasMessageContaining("'proxy'")
                .hasMessageContaining("valid: all, none, direct, cbr-body")
                .hasMessageContaining("-Dplans=");
    }

    @Test
    void plansOfOnesOwnRunAloneUnlessScenariosAreNamedToo() throws Exception {
        Path mine = Files.createDirectories(root.resolve("my-plans"));
        Files.writeString(mine.resolve("b-plan.jmx"), "<jmeterTestPlan/>");
        Files.writeString(mine.resolve("a-plan.jmx"), "<jmeterTestPlan/>");
        Files.writeString(mine.resolve("notes.txt"), "not a plan");

        assertThat(parse("plans=my-plans").planIds()).containsExactly("a-plan", "b-plan");
        assertThat(parse("plans=my-plans/b-plan.jmx", "scenarios=rest").planIds()).containsExactly("rest", "b-plan");
        assertThat(parse("plans=my-plans/a-plan.jmx").plans().get(0).isStandard()).isFalse();
        assertThat(parse("plans=my-plans/a-plan.jmx").scenarios()).isEmpty();
    }

    @Test
    void aPlanOfOnesOwnMustExistBeAPlanAndNotTakeAStandardId() throws Exception {
        assertThatThrownBy(() -> parse("plans=nowhere/x.jmx")).hasMessageContaining("no such plan");
        Files.writeString(root.resolve("plan.txt"), "");
        assertThatThrownBy(() -> parse("plans=plan.txt")).hasMessageContaining("a .jmx file or a folder");
        Files.createDirectories(root.resolve("empty"));
        assertThatThrownBy(() -> parse("plans=empty")).hasMessageContaining("holds no .jmx file");
        Files.writeString(root.resolve("direct.jmx"), "");
        assertThatThrownBy(() -> parse("plans=direct.jmx")).hasMessageContaining("standard scenario's")
                .hasMessageContaining("rename the file");
        assertThatThrownBy(() -> parse("scenarios=none")).hasMessageContaining("nothing to run");
        // Made by the build later (the smoke run's GUI-edit test): accepted now, checked when the run reaches it.
        assertThat(parse("plans=suite/target/edited/x.jmx").planIds()).contains("x");
    }

    @Test
    void windowsMustBePositiveWholeNumbers() {
        assertThatThrownBy(() -> parse("warmup=0")).hasMessageContaining("-Dwarmup=0");
        assertThatThrownBy(() -> parse("measurement=-5")).hasMessageContaining("-Dmeasurement=-5");
        assertThatThrownBy(() -> parse("warmup=5m")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> parse("users=0")).hasMessageContaining("-Dusers=0");
    }

    @Test
    void delayMayBeZeroButNotNegativeOrAbsurd() throws Exception {
        assertThat(parse("delay=0").delays()).containsExactly(0L);
        assertThatThrownBy(() -> parse("delay=-1")).hasMessageContaining("must not be negative");
        assertThatThrownBy(() -> parse("delay=600001")).hasMessageContaining("at most 600000");
    }

    @Test
    void usersSizeAndDelayTakeListsAndEveryCombinationIsAPointRepeatedAsAsked() throws Exception {
        RunParameters plan = parse("scenarios=direct,xslt", "users=50, 10", "size=1024,512", "repeats=3", "warmup=2",
                "measurement=3");
        assertThat(plan.users()).containsExactly(10, 50);
        assertThat(plan.sizes()).containsExactly(512, 1024);
        assertThat(plan.points()).hasSize(8);
        assertThat(plan.points().get(0).key()).isEqualTo("direct_u10_s512_d0");
        assertThat(plan.points().get(1).key()).isEqualTo("xslt_u10_s512_d0");
        assertThat(plan.scenarioRuns()).isEqualTo(24);
        assertThat(plan.plannedSeconds()).isEqualTo(24 * (5 + RunParameters.TAIL_SECONDS));
    }

    @Test
    void bothLoadModelsMakePointsOfTheirOwnLoadLists() throws Exception {
        RunParameters plan = parse("scenarios=direct", "model=open,closed", "users=1,2", "rate=40");
        assertThat(plan.models()).containsExactly(RunParameters.LoadModel.CLOSED, RunParameters.LoadModel.OPEN);
        assertThat(plan.points()).extracting(p -> p.key())
                .containsExactly("direct_u1_s1024_d0", "direct_u2_s1024_d0", "direct_r40_s1024_d0");
        assertThat(parse("model=open", "scenarios=rest").points()).extracting(p -> p.key())
                .containsExactly("rest_r100_s1024_d0");
    }

    @Test
    void planParametersAreValidatedWithTheValidChoicesNamed() throws Exception {
        assertThatThrownBy(() -> parse("model=poisson")).hasMessageContaining("-Dmodel=poisson: valid: closed, open");
        assertThatThrownBy(() -> parse("rate=0")).hasMessageContaining("-Drate=0");
        assertThatThrownBy(() -> parse("rate=fast")).hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> parse("wsSuite=strong")).hasMessageContaining("valid: modern, classic");
        assertThatThrownBy(() -> parse("wsMode=cached")).hasMessageContaining("valid: pool, fresh");
        assertThatThrownBy(() -> parse("rampup=-1")).hasMessageContaining("-Drampup=-1");
        assertThatThrownBy(() -> parse("reuse=x")).hasMessageContaining("-Dreuse=x");
        assertThatThrownBy(() -> parse("connectTimeout=0")).hasMessageContaining("-DconnectTimeout=0");
        assertThatThrownBy(() -> parse("responseTimeout=")).hasMessageContaining("-DresponseTimeout=");
        assertThatThrownBy(() -> parse("wsPool=0")).hasMessageContaining("-DwsPool=0");
        RunParameters plan = parse("wsSuite=CLASSIC", "wsMode=fresh", "rampup=500", "warmup=20");
        assertThat(plan.settings().wsSuite()).isEqualTo("classic");
        assertThat(plan.settings().wsMode()).isEqualTo("fresh");
        assertThat(plan.settings().rampupSeconds()).as("ramp-up capped at the warm-up").isEqualTo(20);
    }

    @Test
    void aBadListMemberOrRepeatCountIsNamed() {
        assertThatThrownBy(() -> parse("users=10,x")).hasMessageContaining("-Dusers=x").hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> parse("users=10,")).hasMessageContaining("-Dusers=");
        assertThatThrownBy(() -> parse("repeats=0")).hasMessageContaining("-Drepeats=0");
        assertThatThrownBy(() -> parse("repeats=101")).hasMessageContaining("at most 100");
    }

    @Test
    void heapMustLookLikeAnXmxValue() {
        assertThatThrownBy(() -> parse("heap=lots")).hasMessageContaining("-Dheap=lots");
    }

    @Test
    void heapTakesAListOfJvmSizesOfAtLeast64m() throws Exception {
        assertThat(parse("heap=512m").heaps()).containsExactly("512m");
        assertThat(parse("heap=1g, 256M,1024m,65536k").heaps()).as("smallest first, 1024m and 1g once, lower case")
                .containsExactly("65536k", "256m", "1g");
        assertThat(parse("heap=2g,512m").heap()).as("the start goal's").isEqualTo("512m");
        assertThatThrownBy(() -> parse("heap=512m,lots")).hasMessageContaining("-Dheap=512m,lots")
                .hasMessageContaining("'lots'");
        assertThatThrownBy(() -> parse("heap=512")).as("a unit is required").hasMessageContaining("'512'");
        assertThatThrownBy(() -> parse("heap=512m,")).hasMessageContaining("''");
        assertThatThrownBy(() -> parse("heap=32m,512m")).hasMessageContaining("32m is below the smallest heap, 64m");
        assertThatThrownBy(() -> parse("heap=0m")).hasMessageContaining("-Dheap=0m");
    }

    @Test
    void aListOfServerCoreCountsIsADimensionInsideTheHeapSoTheServerRestartsPerCountAndRepeat() throws Exception {
        RunParameters plan = parse("scenarios=direct", "users=2", "serverCpus=2,1", "heap=256m,512m", "repeats=2");
        assertThat(plan.variesServerCores()).isTrue();
        assertThat(plan.serverCores()).containsExactly(1, 2);
        assertThat(plan.points()).extracting(p -> p.key()).containsExactly("direct_u2_s1024_d0_h256m_c1",
                "direct_u2_s1024_d0_h256m_c2", "direct_u2_s1024_d0_h512m_c1", "direct_u2_s1024_d0_h512m_c2");
        assertThat(plan.pointsPerPlan()).isEqualTo(4);
        assertThat(plan.serverRestarts()).as("4 settings per repeat, 2 repeats, the first started by start")
                .isEqualTo(7);
        assertThat(plan.estimatedSeconds()).isEqualTo(plan.plannedSeconds() + 7 * RunParameters.RESTART_SECONDS_ESTIMATE);
        // one count, a cpus: list, auto and shared: no dimension, the keys of before
        for (String one : List.of("1", "cpus:1", "auto", "shared", "1,1")) {
            RunParameters single = parse("scenarios=direct", "users=2", "serverCpus=" + one);
            assertThat(single.variesServerCores()).as(one).isFalse();
            assertThat(single.points()).extracting(p -> p.key()).as(one).containsExactly("direct_u2_s1024_d0");
            assertThat(single.serverRestarts()).as(one).isZero();
        }
    }

    @Test
    void usersPerServerCoreGivesEachCountItsOwnUsers() throws Exception {
        // what check records for -DserverCpus=1,2 -DusersPerServerCore=4 (UsersPerCore): users 4,8
        RunParameters plan = parse("scenarios=soap", "model=closed,open", "rate=20", "serverCpus=1,2",
                "usersPerServerCore=4", "users=4,8");
        assertThat(plan.points()).extracting(p -> p.key()).containsExactly("soap_u4_s1024_d0_c1", "soap_r20_s1024_d0_c1",
                "soap_u8_s1024_d0_c2", "soap_r20_s1024_d0_c2");
        assertThat(plan.pointsPerPlan()).isEqualTo(4);
        assertThat(parse("scenarios=soap", "serverCpus=1,2", "users=4,8").points()).as("users given: every count")
                .hasSize(4);
    }

    @Test
    void oneHeapIsNoDimensionAndKeepsTheKeysOfBefore() throws Exception {
        RunParameters plan = parse("scenarios=direct", "users=2,4", "heap=256m");
        assertThat(plan.variesHeap()).isFalse();
        assertThat(plan.points()).extracting(p -> p.key()).containsExactly("direct_u2_s1024_d0", "direct_u4_s1024_d0");
        assertThat(plan.serverRestarts()).isZero();
        assertThat(plan.estimatedSeconds()).isEqualTo(plan.plannedSeconds());
    }

    @Test
    void heapIsTheOutermostDimensionSoTheServerRestartsOncePerHeapAndRepeat() throws Exception {
        RunParameters plan = parse("scenarios=direct,jms", "users=2,4", "delay=0,10", "heap=512m,256m", "repeats=2",
                "warmup=3", "measurement=4");
        assertThat(plan.variesHeap()).isTrue();
        assertThat(plan.points()).hasSize(16);
        assertThat(plan.points().subList(0, 8)).allSatisfy(p -> assertThat(p.heap()).isEqualTo("256m"));
        assertThat(plan.points().subList(8, 16)).allSatisfy(p -> assertThat(p.heap()).isEqualTo("512m"));
        assertThat(plan.points().get(0).key()).isEqualTo("direct_u2_s1024_d0_h256m");
        assertThat(plan.points().get(8).key()).isEqualTo("direct_u2_s1024_d0_h512m");
        // within a heap, delay stays the outer dimension of the rest, as before
        assertThat(plan.points().subList(0, 4)).allSatisfy(p -> assertThat(p.delayMs()).isZero());
        assertThat(plan.points()).extracting(p -> p.key()).doesNotHaveDuplicates();
        // heap changes: 256m -> 512m in repeat 1, 512m -> 256m and 256m -> 512m in repeat 2
        assertThat(plan.serverRestarts()).isEqualTo(3);
        assertThat(plan.scenarioRuns()).isEqualTo(32);
        assertThat(plan.estimatedSeconds()).isEqualTo(32 * (3 + 4 + RunParameters.TAIL_SECONDS) + 3 * RunParameters.RESTART_SECONDS_ESTIMATE);
    }

    @Test
    void aHeapListNeedsAServerTheSuiteStarts() throws Exception {
        RunParameters list = parse("heap=256m,512m");
        list.requireHeapsFit(true, "reference");
        assertThatThrownBy(() -> list.requireHeapsFit(false, "mi"))
                .hasMessageContaining("-Dheap=256m,512m").hasMessageContaining("target 'mi' is external")
                .hasMessageContaining("give one heap");
        parse("heap=256m").requireHeapsFit(false, "mi");
    }

    @Test
    void anExclusionLeavesItsPointsOutOfTheCrossProduct() throws Exception {
        RunParameters plan = parse("scenarios=direct,ws-security", "users=1,2", "size=1024,102400",
                "exclude=ws-security@102400, ws-security@102400");

        assertThat(plan.points()).hasSize(6).noneMatch(p -> p.scenario().equals("ws-security") && p.sizeBytes() == 102400);
        assertThat(plan.exclusions()).containsExactly(new Exclusion("ws-security", 102400));
        assertThat(plan.scenarioRuns()).isEqualTo(6);
        assertThat(plan.excludedPoints()).isEqualTo(2);
    }

    @Test
    void anExclusionOfAScenarioOrSizeTheRunDoesNotHaveLeavesNothingOut() throws Exception {
        // -Dscenarios=direct over adroitlogic-round7's exclude=ws-security@102400
        assertThat(parse("scenarios=direct", "size=1024,102400", "exclude=ws-security@102400").points()).hasSize(2);
    }

    @Test
    void aMalformedOrUnknownExclusionIsRefused() {
        assertThatThrownBy(() -> parse("scenarios=direct", "exclude=ws-security"))
                .hasMessageContaining("-Dexclude=ws-security: 'ws-security' is not plan@bytes");
        assertThatThrownBy(() -> parse("scenarios=direct", "exclude=direct@1k"))
                .hasMessageContaining("is not plan@bytes");
        assertThatThrownBy(() -> parse("scenarios=direct", "exclude=wssec@1024"))
                .hasMessageContaining("'wssec' is no scenario and no plan of this run; valid: direct,");
    }

    @Test
    void excludingEveryPointIsNothingToRun() {
        assertThatThrownBy(() -> parse("scenarios=direct", "size=1024", "exclude=direct@1024"))
                .hasMessageContaining("nothing to run: -Dexclude=direct@1024 leaves out every point");
    }
}
