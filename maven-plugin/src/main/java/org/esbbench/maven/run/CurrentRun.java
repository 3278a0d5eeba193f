package org.esbbench.maven.run;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.processes.ProcessRegistry;
import org.esbbench.maven.targets.TargetProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;

/**
 * The run the goals after check work on, as check wrote it: its folder and its {@code run-parameters.json}. The run parameters
 * and the target profile are rebuilt from what the file records, not from the build's properties again.
 */
public final class CurrentRun {
    private final RunLayout layout;
    private final RunParametersFile planFile;
    private final Path root;

    public CurrentRun(RunLayout layout, RunParametersFile planFile, Path root) {
        this.layout = layout;
        this.planFile = planFile;
        this.root = root;
    }

    /** The run the pointer names. */
    public static CurrentRun read(CurrentRunPointer pointer, Path root) throws IOException, InvalidRunException {
        RunLayout layout = pointer.current().orElseThrow(() -> new InvalidRunException("no run prepared ("
                + pointer.file() + " missing): the esb-bench:check goal runs first in the same build"));
        return new CurrentRun(layout, RunParametersFile.read(layout.runParametersFile()), root);
    }

    public RunLayout layout() {
        return layout;
    }

    public RunParametersFile planFile() {
        return planFile;
    }

    public ProcessRegistry processes() {
        return new ProcessRegistry(layout.processes());
    }

    /** The run parameters, parsed again from the parameters check validated. */
    public RunParameters plan() throws InvalidRunException {
        return RunParameters.parse(planFile.parameters(), root, root.resolve("jmx"));
    }

    /** The target profile as check read it ((its properties are recorded in the run parameters file)). */
    public TargetProfile profile() throws InvalidRunException {
        Map<String, Object> record = planFile.record();
        Properties properties = new Properties();
        if (record.get(RunFacts.TARGET_PROFILE) instanceof Map<?, ?> recorded) {
            recorded.forEach((k, v) -> properties.setProperty(String.valueOf(k), String.valueOf(v)));
        } else {
            throw new InvalidRunException(layout.runParametersFile() + " records no target profile: write it again with esb-bench:check");
        }
        Object file = record.get(RunFacts.TARGET_PROFILE_FILE);
        Path profileFile = Path.of(file == null ? planFile.target() + ".properties" : file.toString());
        // the run parameters file hides the profile's passwords: they are read again from the profile itself
        return new TargetProfile(planFile.target(), profileFile, TargetProfile.withHiddenSecrets(properties, profileFile));
    }
}
