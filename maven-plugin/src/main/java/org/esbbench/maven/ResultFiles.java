package org.esbbench.maven;

import java.nio.file.Path;
import org.esbbench.core.Scenario;

/** How JMeter's results files are named: {@code <plan>.csv}, or {@code <timestamp>-<plan>.csv}. */
final class ResultFiles {
    private ResultFiles() {
    }

    static boolean isResultsOf(Path file, Scenario scenario) {
        String name = file.getFileName().toString();
        String plan = scenario.id() + ".csv";
        return name.equals(plan) || name.endsWith("-" + plan) && !isLongerPlanName(name, scenario);
    }

    /** "cbr-soap-header.csv" ends with "-header.csv" but is not "header"'s; guard against ids that are suffixes of others. */
    private static boolean isLongerPlanName(String name, Scenario scenario) {
        for (Scenario other : Scenario.values()) {
            if (other != scenario && other.id().endsWith("-" + scenario.id())
                    && (name.equals(other.id() + ".csv") || name.endsWith("-" + other.id() + ".csv"))) {
                return true;
            }
        }
        return false;
    }
}
