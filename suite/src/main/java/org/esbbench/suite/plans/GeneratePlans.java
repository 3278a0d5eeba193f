package org.esbbench.suite.plans;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.esbbench.core.Scenario;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes one JMeter plan per scenario of core's catalogue: the single source of the .jmx files in jmx/.
 * With {@code --check} it writes nothing and fails when a committed plan differs from what it would write.
 */
@Command(name = "generate-plans", mixinStandardHelpOptions = true,
    description = "Writes jmx/<scenario>.jmx for every scenario of the catalogue.")
public final class GeneratePlans implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, defaultValue = "jmx", description = "folder of the plans (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--check", description = "write nothing; exit 1 if a plan there differs from the generated one")
    boolean check;

    /** The generated text of every plan, by file name, in catalogue order. */
    public static Map<String, String> plans() {
        Map<String, String> plans = new LinkedHashMap<>();
        for (Scenario scenario : Scenario.values()) {
            plans.put(ScenarioPlan.fileName(scenario), JmxWriter.write(ScenarioPlan.of(scenario)));
        }
        return plans;
    }

    /** File names whose content in {@code folder} differs from the generated plan (or is missing). */
    public static List<String> differences(Path folder) throws IOException {
        List<String> differing = new ArrayList<>();
        for (Map.Entry<String, String> plan : plans().entrySet()) {
            Path file = folder.resolve(plan.getKey());
            if (!Files.isRegularFile(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(plan.getValue())) {
                differing.add(plan.getKey());
            }
        }
        return differing;
    }

    @Override
    public Integer call() throws IOException {
        if (check) {
            List<String> differing = differences(out);
            if (differing.isEmpty()) {
                System.out.println("All " + Scenario.values().length + " plans in " + out + " match the generator.");
                return 0;
            }
            System.err.println("Plans differing from the generator in " + out + ": " + differing
                + " (regenerate them: mvn -pl suite exec:java@generate-plans)");
            return 1;
        }
        Files.createDirectories(out);
        for (Map.Entry<String, String> plan : plans().entrySet()) {
            Files.writeString(out.resolve(plan.getKey()), plan.getValue(), StandardCharsets.UTF_8);
        }
        System.out.println("Wrote " + plans().size() + " plans to " + out.toAbsolutePath().normalize());
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new GeneratePlans()).execute(args));
    }
}
