package org.esbbench.report.run;

import org.esbbench.report.folder.KeepResults;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.folder.RunParametersFile;

import org.esbbench.report.compare.RegressionCheck;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.gate.BaselineRun;
import org.esbbench.report.gate.Criteria;
import org.esbbench.report.gate.RunGate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The analysis options from the analysis parameters as they were given, by the build's property names: the one
 * reading of them for the build's analyze goal ({@code -Dname=value}) and for the command line's {@code analyze}
 * (its options), so both accept the same values and say the same of a wrong one, in the spelling the user typed.
 * A parameter not given (absent, null or blank) is what check recorded in the run's parameters, else its default.
 */
public final class AnalysisOptionsBuilder {
    /** Machine CPU % from which a scenario run limited by the harness is flagged (default 90). */
    public static final String SATURATION_THRESHOLD = "saturationThreshold";
    /** The parameters {@link #build} reads, in the order it reads them. */
    public static final List<String> NAMES = List.of(SATURATION_THRESHOLD, ErrorTolerance.PARAMETER,
            KeepResults.PARAMETER, DriftThreshold.PARAMETER, Criteria.PARAMETER, BaselineRun.PARAMETER,
            RegressionCheck.TOLERANCE_PARAMETER);
    /** How the build names a parameter in its messages: {@code -Dname}. */
    public static final UnaryOperator<String> MAVEN_PROPERTY = name -> "-D" + name;

    private AnalysisOptionsBuilder() {
    }

    /**
     * The options for an analysis of {@code layout}: {@link AnalysisOptions#defaults()} with the parameters of
     * {@link #NAMES} as given, or as recorded. JMeter for the dashboards and their heap limit are the caller's to add.
     *
     * @param given  the parameters as typed, by name ({@link #NAMES}); a value may be null (use a map that allows it)
     * @param layout the run folder, whose run parameters hold what check recorded
     * @param flag   how the user gave a parameter, for the messages: {@link #MAVEN_PROPERTY}, or a command line's
     *               option for the name
     * @throws IllegalArgumentException for a given value that is not valid: "FLAG=VALUE: what to give (an example)"
     * @throws IOException              when the run parameters must be read and cannot be, or record a value that is
     *                                  not valid (naming the file)
     */
    public static AnalysisOptions build(Map<String, String> given, RunLayout layout, UnaryOperator<String> flag)
            throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults();
        String saturation = text(given, SATURATION_THRESHOLD);
        if (saturation != null) {
            String f = flag.apply(SATURATION_THRESHOLD);
            options = options.withSaturationThreshold(percent(saturation, f, p -> !Double.isNaN(p), "give the machine"
                    + " CPU % from which a scenario run limited by the harness is flagged, a number (e.g. " + f
                    + "=90, the default)").getAsDouble());
        }
        String maxErrorPercent = text(given, ErrorTolerance.PARAMETER);
        if (maxErrorPercent != null) {
            // Not given: the analysis reads the run parameters' own (0 for a run planned before they had one).
            options = options.withErrorTolerance(ErrorTolerance.parse(maxErrorPercent, flag.apply(ErrorTolerance.PARAMETER)));
        }
        String keep = text(given, KeepResults.PARAMETER);
        options = options.withKeepResults(keep != null ? KeepResults.parse(keep, flag.apply(KeepResults.PARAMETER))
                : recorded(layout, parameters -> KeepResults.parse(parameters.get(KeepResults.PARAMETER))));
        String drift = text(given, DriftThreshold.PARAMETER);
        options = options.withDriftThreshold(drift != null ? DriftThreshold.parse(drift, flag.apply(DriftThreshold.PARAMETER))
                : DriftThreshold.recorded(layout));
        return options.withGate(gate(given, layout, flag, options.figures()));
    }

    /**
     * The criteria and the baseline gate as given, each one not given as check recorded it (none for a run recorded
     * before they existed); {@code -Dcriteria=none} and {@code -Dbaseline=none} judge a stored run without them.
     */
    private static RunGate gate(Map<String, String> given, RunLayout layout, UnaryOperator<String> flag,
                                Figures figures) throws IOException {
        String criteria = text(given, Criteria.PARAMETER);
        String baseline = text(given, BaselineRun.PARAMETER);
        String tolerance = text(given, RegressionCheck.TOLERANCE_PARAMETER);
        Path file = layout.runParametersFile();
        RunParametersFile run = RunParametersFile.read(file); // read once: the recorded values and the run's plans
        Map<String, String> recorded = run.parameters();
        Criteria c = criteria != null ? Criteria.parse(criteria, figures, flag.apply(Criteria.PARAMETER)) : null;
        RegressionCheck t = tolerance != null
                ? RegressionCheck.parse(tolerance, figures, flag.apply(RegressionCheck.TOLERANCE_PARAMETER)) : null;
        try {
            // Not given: as check recorded them, and a recorded value that does not parse names the file.
            c = c != null ? c : Criteria.parse(recorded.get(Criteria.PARAMETER), figures);
            t = t != null ? t : RegressionCheck.parse(recorded.get(RegressionCheck.TOLERANCE_PARAMETER), figures,
                    "-D" + RegressionCheck.TOLERANCE_PARAMETER);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        if (criteria != null) {
            // As check does for a new run: a criterion of a scenario the run did not measure would judge nothing.
            c.requireScenarios(run.plans().stream().map(RunParametersFile.PlanEntry::id).toList(),
                    flag.apply(Criteria.PARAMETER));
        }
        String b = baseline != null ? baseline : recorded.getOrDefault(BaselineRun.PARAMETER, "");
        return new RunGate(c, Optional.of(b).filter(v -> !v.strip().equals(Criteria.NONE_WORD)), t);
    }

    /**
     * A percent as given: a number, a "%" after it allowed; empty when blank (the caller's default). The one reading
     * of a numeric analysis parameter and of its message.
     *
     * @param flag   how the value was given (-Dname, --option), for the message
     * @param valid  the values that are valid
     * @param advice what to give instead, with an example: the message after "FLAG=VALUE: "
     * @throws IllegalArgumentException {@code FLAG=VALUE: ADVICE} when it is not a number {@code valid} accepts
     */
    public static OptionalDouble percent(String value, String flag, DoublePredicate valid, String advice) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            return OptionalDouble.empty();
        }
        double percent;
        try {
            percent = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v);
        } catch (NumberFormatException e) {
            percent = Double.NaN;
        }
        if (Double.isNaN(percent) || !valid.test(percent)) {
            throw new IllegalArgumentException(flag + "=" + value + ": " + advice);
        }
        return OptionalDouble.of(percent);
    }

    /**
     * A value check recorded in the run parameters of {@code layout}, read by {@code parse}.
     *
     * @throws IOException when the file cannot be read, or names it and what is wrong with the recorded value
     */
    static <T> T recorded(RunLayout layout, Function<Map<String, String>, T> parse) throws IOException {
        Path file = layout.runParametersFile();
        Map<String, String> parameters = RunParametersFile.read(file).parameters();
        try {
            return parse.apply(parameters);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** The parameter's value as given; null when absent or blank. */
    private static String text(Map<String, String> given, String name) {
        String value = given.get(name);
        return value == null || value.isBlank() ? null : value;
    }
}
