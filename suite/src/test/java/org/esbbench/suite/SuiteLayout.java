package org.esbbench.suite;

import java.nio.file.Path;

/** Where the build keeps what the ITs use; Failsafe passes each location as a system property (pom.xml). */
final class SuiteLayout {

    private SuiteLayout() {
    }

    static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: run the ITs through Maven");
        }
        return value;
    }

    static Path plans() {
        return Path.of(required("esbbench.suite.plans")).toAbsolutePath().normalize();
    }

    static Path payloads() {
        return Path.of(required("esbbench.suite.payloads")).toAbsolutePath().normalize();
    }

    static Path keystores() {
        return Path.of(required("esbbench.suite.keystores")).toAbsolutePath().normalize();
    }

    static Path referenceEsbJar() {
        return Path.of(required("esbbench.suite.referenceEsbJar")).toAbsolutePath().normalize();
    }

    static Path results() {
        return Path.of(required("esbbench.suite.results")).toAbsolutePath().normalize();
    }

    /** Where GuiStyleEditIT saves its edited copy of a standard plan; the smoke run runs it (-Dplans). */
    static Path editedPlan() {
        return Path.of(required("esbbench.suite.editedPlan")).toAbsolutePath().normalize();
    }

    /** The PerfMon ServerAgent the build laid out (lib/, native/). */
    static Path perfmonAgent() {
        return Path.of(required("esbbench.suite.perfmonAgent")).toAbsolutePath().normalize();
    }

    /** The project's script that runs the PerfMon agent (scripts/perfmon-agent.sh). */
    static Path perfmonAgentScript() {
        return Path.of(required("esbbench.suite.perfmonAgentScript")).toAbsolutePath().normalize();
    }

    static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }
}
