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
    /**
     * {@code -DbackendAddedDelay=MS}: the backend the suite starts waits this much longer than the point's delay, while
     * the points keep their names, so that a run is a slower copy of another: the baseline gate's test of a real
     * regression.
     */
    public static final String ADDED_DELAY_PARAMETER = "backendAddedDelay";

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

    /** The backend's delay for a point of {@code delayMs} in the run in {@code layout}: with the drill's added delay. */
    public static long delayMs(RunLayout layout, long delayMs) throws IOException, InvalidRunException {
        if (layout == null || !Files.isRegularFile(layout.runParametersFile())) {
            return delayMs;
        }
        String added = RunParametersFile.read(layout.runParametersFile()).parameters().get(ADDED_DELAY_PARAMETER);
        if (added == null || added.isBlank()) {
            return delayMs;
        }
        ParameterCatalogue.STANDARD.get(ADDED_DELAY_PARAMETER).check().check(ADDED_DELAY_PARAMETER, added);
        return delayMs + Long.parseLong(added.strip());
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
