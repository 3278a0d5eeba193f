package org.esbbench.maven.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.esbbench.maven.plans.PlanFixtures.check;

import org.junit.jupiter.api.Test;

/** Rule 7: Groovy, compiled once; no BeanShell. */
class PlanContractScriptTest {

    private static final String PRE_PROCESSOR = "JSR223 PreProcessor 'request id' (direct > closed > send request >"
            + " request > direct > request id): ";

    @Test
    void aCachedGroovyScriptThatReadsVarsPasses() {
        assertThat(check("compliant.jmx").violations()).isEmpty();
    }

    @Test
    void anotherLanguageIsAViolation() {
        assertThat(check("jsr223-javascript.jmx").violations()).containsExactly("plan jsr223-javascript.jmx: "
                + PRE_PROCESSOR + "Language (scriptLanguage) is 'javascript': only Groovy is compiled once and runs"
                + " at Java speed; fix: choose groovy in the Language list");
    }

    @Test
    void anUncachedScriptIsAViolation() {
        assertThat(check("jsr223-not-cached.jmx").violations()).containsExactly("plan jsr223-not-cached.jmx: "
                + PRE_PROCESSOR + "Cache compiled script if available is not ticked (cacheKey = false), so the script"
                + " is compiled again for every sample; fix: tick Cache compiled script if available");
    }

    @Test
    void variablesInAnInlineScriptAreAViolation() {
        assertThat(check("jsr223-interpolated.jmx").violations()).containsExactly("plan jsr223-interpolated.jmx: "
                + PRE_PROCESSOR + "the inline script contains ${...}, which JMeter substitutes before the script runs,"
                + " so it is compiled again for every sample; fix: read values with vars.get('name') or"
                + " props.get('name') instead of ${name}");
    }

    @Test
    void aScriptFileMayReplaceTheInlineScript() {
        PlanReport report = check("jsr223-script-file.jmx");

        assertThat(report.violations()).isEmpty();
        assertThat(report.warnings()).containsExactly("plan jsr223-script-file.jmx: reads -JscriptDir, which the"
                + " suite does not pass: its default applies");
    }

    @Test
    void neitherScriptNorFileIsAViolation() {
        assertThat(check("jsr223-empty.jmx").violations()).containsExactly("plan jsr223-empty.jmx: " + PRE_PROCESSOR
                + "it has neither a script nor a script file, so it fails on every sample; fix: write the script, or"
                + " set Script file");
    }

    @Test
    void beanShellIsAViolation() {
        assertThat(check("beanshell.jmx").violations()).containsExactly("plan beanshell.jmx: BeanShell PreProcessor"
                + " 'request id' (direct > closed > send request > request > direct > request id): BeanShell is"
                + " interpreted again for every sample and does not scale; fix: use a JSR223 element with Groovy");
    }
}
