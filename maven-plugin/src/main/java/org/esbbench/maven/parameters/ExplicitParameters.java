package org.esbbench.maven.parameters;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The run parameters a build gives explicitly: the {@code -Dname=value} of its command line (Maven's user
 * properties), as opposed to the suite pom's defaults, which every build has. A resumed run compares only these
 * with its stored plan. (Part A of issue 13 has the same notion for matrices; the two are to be one.)
 */
public final class ExplicitParameters {
    /** The target profile's parameter: explicit values of it are compared on resume too. */
    public static final String TARGET = "target";

    private ExplicitParameters() {
    }

    /** The user properties that name a run parameter or the target, by name. */
    public static Map<String, String> of(Properties userProperties) {
        Map<String, String> explicit = new TreeMap<>();
        for (String name : userProperties.stringPropertyNames()) {
            if (RunParameters.DEFAULTS.containsKey(name) || name.equals(TARGET)) {
                explicit.put(name, userProperties.getProperty(name));
            }
        }
        return explicit;
    }
}
