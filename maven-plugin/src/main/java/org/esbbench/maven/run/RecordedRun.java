package org.esbbench.maven.run;

import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.esbbench.report.folder.RunParametersFile;

/** The run as check validated it, turned into the run parameters file (run-parameters.json) the later goals and the analysis read. */
public final class RecordedRun {
    private RecordedRun() {
    }

    /**
     * @param uncheckedPlans the ids of the plans that opt out of reply checks
     * @param record         {@link RunFacts#of}
     */
    public static RunParametersFile of(String runId, Instant checkedAt, Map<String, String> parameters, RunParameters plan,
                          TargetProfile profile, List<String> uncheckedPlans, String description, Map<String, Object> record) {
        List<RunParametersFile.PlanEntry> plans = plan.plans().stream()
                .map(p -> new RunParametersFile.PlanEntry(p.id(), p.file().toString(),
                        p.scenario().map(s -> s.id()).orElse(""), !uncheckedPlans.contains(p.id())))
                .toList();
        return new RunParametersFile(runId, profile.name(), checkedAt, parameters, plans, plan.points(), plan.repeats(),
                plan.warmupSeconds(), plan.measurementSeconds(), description, record);
    }
}
