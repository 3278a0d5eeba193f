package org.esbbench.maven.servers;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.ParameterCatalogue;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;

/**
 * {@code -DbackendFailPercent=P}: a test and drill facility, never for a measurement. The echo backend the suite
 * starts answers P % of requests (every k-th, deterministic) with 503 ({@code backend-netty --fail-percent}), so that
 * a run has transport errors at a known rate: the error-tolerance tests ({@code -DmaxErrorPercent}) and the fault
 * drills use it. Recorded in the run parameters; read from there whenever the backend is started or restarted.
 */
public final class BackendDrill {
    public static final String PARAMETER = "backendFailPercent";

    private BackendDrill() {
    }

    /** The parameter's value, 0 when absent or blank. */
    public static double failPercent(Map<String, String> parameters) throws InvalidRunException {
        String value = parameters.get(PARAMETER);
        if (value == null || value.isBlank()) {
            return 0;
        }
        ParameterCatalogue.STANDARD.get(PARAMETER).check().check(PARAMETER, value);
        double percent = Double.parseDouble(value.strip());
        return percent;
    }

    /** The backend's extra arguments for the run in {@code layout}: none unless its plan asks for failures. */
    public static List<String> arguments(RunLayout layout) throws IOException, InvalidRunException {
        if (layout == null || !Files.isRegularFile(layout.runParametersFile())) {
            return List.of();
        }
        double percent = failPercent(RunParametersFile.read(layout.runParametersFile()).parameters());
        return percent > 0 ? List.of("--fail-percent", Double.toString(percent)) : List.of();
    }
}
