package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.plans.PlanContract;
import org.esbbench.maven.plans.PlanReport;
import org.esbbench.maven.scenario.PlanProperties;
import org.esbbench.maven.parameters.RunnablePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Check's look at the plans of a new run: the plan contract of each, before anything is built or started. */
public final class PlanChecks {
    private PlanChecks() {
    }

    /**
     * The plan contract of every plan that will run: each violation is listed, then the check fails, naming the
     * plan, the element and the fix. Returns the ids of the plans that opt out of reply checks (the summary flags
     * them). A plan the build makes later (under target/) is checked by the run goal when it gets there.
     */
    public static List<String> checkAll(RunParameters plan, Consumer<String> log) throws InvalidRunException {
        PlanContract contract = new PlanContract(PlanProperties.NAMES);
        List<String> violations = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        // One report per file: soap-http.jmx serves six scenarios and is read once.
        Map<Path, PlanReport> reports = new HashMap<>();
        for (RunnablePlan p : plan.plans()) {
            if (!Files.exists(p.file())) {
                log.accept("plan " + p.file() + " does not exist yet (made by this build): it is checked before it runs");
                continue;
            }
            PlanReport report = reports.get(p.file());
            if (report == null) {
                report = contract.check(p.file());
                reports.put(p.file(), report);
                report.warnings().forEach(w -> log.accept("warning: " + w));
                violations.addAll(report.violations());
            }
            if (report.replyCheckOptOut()) {
                unchecked.add(p.id());
            }
        }
        if (!violations.isEmpty()) {
            throw new InvalidRunException(violations.size() + " plan contract violation(s):\n  "
                    + String.join("\n  ", violations) + "\n(the plan contract: README.md, section Authoring plans)");
        }
        return unchecked;
    }
}
