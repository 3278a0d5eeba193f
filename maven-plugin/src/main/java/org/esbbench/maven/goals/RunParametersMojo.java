package org.esbbench.maven.goals;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.Matrix;
import org.esbbench.maven.parameters.ParameterCatalogue;
import org.esbbench.maven.parameters.ParameterSources;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.TargetProfile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The goals that read the run's parameters from the build's properties: check, which validates them and writes
 * them into the run parameters file for the later goals, and gui. They are the same Maven properties the JMeter plans
 * receive (-Dusers=100 reaches both the checks here and the plans), so a value is typed once.
 */
abstract class RunParametersMojo extends EsbBenchMojo {

    /** Target profile name: config/targets/NAME.properties. */
    String target() {
        return parameter("target");
    }

    RunParameters plan() throws MojoFailureException {
        try {
            return RunParameters.parse(parameters(), root(), root().resolve("jmx"));
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /**
     * Every run parameter by its property name, the matrix laid under the explicit ones: what RunParameters validates and
     * the run parameters file records.
     */
    Map<String, String> parameters() throws InvalidRunException {
        return mergedParameters().values();
    }

    /** The build's values merged with -Dmatrix and the target profile's default.NAME keys, and where each came from. */
    ParameterSources.Merged mergedParameters() throws InvalidRunException {
        // Every parameter this build gives, the goals' switches too (-DstopGrace=x fails here, not after the run).
        Map<String, String> given = new LinkedHashMap<>();
        ParameterCatalogue.STANDARD.all().forEach(p -> {
            String v = given(p.name());
            if (v != null) {
                given.put(p.name(), v);
            }
        });
        ParameterCatalogue.STANDARD.validate(given);
        Map<String, String> values = buildParameters();
        String matrix = parameter("matrix");
        Optional<Matrix> m = matrix.isBlank() ? Optional.empty()
                : Optional.of(Matrix.load(root().resolve("config/matrices"), matrix.trim()));
        ParameterSources.Merged merged = ParameterSources.merge(values, m, explicit(values.keySet()));
        TargetProfile profile = TargetProfile.load(root().resolve("config/targets"), target());
        return ParameterSources.withProfileDefaults(merged, profile.properties(), profile.file().toString());
    }

    /** Which of {@code names} this build sets explicitly: -D, or a literal in this execution's POM configuration. */
    ParameterSources.Explicit explicit(java.util.Collection<String> names) {
        return ParameterSources.Explicit.of(names, session == null ? null : userProperties(),
                this::configured);
    }

    /** Every recorded run parameter as this goal received it (-D, POM configuration, pom property or default). */
    public Map<String, String> buildParameters() {
        return ParameterCatalogue.STANDARD.recorded(this::parameter);
    }

    TargetProfile targetProfile() throws MojoFailureException {
        try {
            return TargetProfile.load(root().resolve("config/targets"), target());
        } catch (InvalidRunException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
