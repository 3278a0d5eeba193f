package org.esbbench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.esbbench.core.Scenario;
import org.junit.jupiter.api.Test;

/** Every plan in jmx/ and jmx/examples/ loads with JMeter's own loader against the JMeter this build laid out. */
class PlanLoadIT {

    @Test
    void everyPlanLoadsAndEveryElementClassResolves() throws Exception {
        LaidOutJMeter jmeter = LaidOutJMeter.fromBuild();
        List<String> args = new ArrayList<>(List.of(jmeter.home().toString()));
        List<String> expected = new ArrayList<>();
        for (Path plan : plans()) {
            args.add(plan.toString());
            expected.add("OK " + plan.getFileName());
        }
        // Every scenario of the catalogue has its plan among them.
        for (Scenario scenario : Scenario.values()) {
            assertThat(SuiteLayout.plans().resolve(scenario.plan() + ".jmx")).as(scenario.id()).isRegularFile();
        }

        ChildJvm.Result result = ChildJvm.run(jmeter, PlanLoader.class, SuiteLayout.results().resolve("plan-loader.out"),
                args.toArray(String[]::new));

        assertThat(result.output()).containsAnyOf(expected.toArray(String[]::new));
        assertThat(List.of(result.output().split("\n"))).as(result.output())
                .containsAll(expected).noneMatch(l -> l.startsWith("FAIL"));
        assertThat(result.exitCode()).isZero();
    }

    private static List<Path> plans() throws Exception {
        List<Path> plans = new ArrayList<>();
        for (Path dir : List.of(SuiteLayout.plans(), SuiteLayout.plans().resolve("examples"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(p -> p.toString().endsWith(".jmx")).sorted().forEach(plans::add);
                }
            }
        }
        return plans;
    }
}
