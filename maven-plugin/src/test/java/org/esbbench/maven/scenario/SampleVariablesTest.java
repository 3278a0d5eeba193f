package org.esbbench.maven.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.esbbench.report.dashboard.JMeterInstallation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleVariablesTest {

    /** The columns the suite appends: the Microsecond Timing's, then the arrivals'. */
    private static final String OURS = "elapsed_us,intended_us,taken_us,blocked_us,lateness_us,response_us";

    @TempDir
    Path home;

    private JMeterInstallation jmeter(String jmeterProperties, String userProperties) throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.writeString(bin.resolve("ApacheJMeter-5.6.3.jar"), "");
        write(bin.resolve("jmeter.properties"), jmeterProperties);
        write(bin.resolve("user.properties"), userProperties);
        return JMeterInstallation.of(home);
    }

    /** {@code text} into {@code file}, or no such file for null (each test lays out several homes in one folder). */
    private static void write(Path file, String text) throws Exception {
        if (text == null) {
            Files.deleteIfExists(file);
        } else {
            Files.writeString(file, text);
        }
    }

    @Test
    void aHomeWithoutSampleVariablesGetsTheSuitesColumnsAlone() throws Exception {
        assertThat(SampleVariables.of(jmeter("jmeter.save.saveservice.output_format=csv\n", null))).isEqualTo(OURS);
        assertThat(SampleVariables.of(jmeter(null, null))).isEqualTo(OURS);
    }

    @Test
    void theSuitesOwnColumnIsNotRepeated() throws Exception {
        assertThat(SampleVariables.of(jmeter("sample_variables=elapsed_us\n", null))).isEqualTo(OURS);
    }

    @Test
    void aUsersOwnVariablesComeFirstAndTheColumnIsAppended() throws Exception {
        assertThat(SampleVariables.of(jmeter("sample_variables=elapsed_us\n", "sample_variables=orderId,region\n")))
                .isEqualTo("orderId,region," + OURS);
        assertThat(SampleVariables.of(jmeter("sample_variables=orderId\n", null))).isEqualTo("orderId," + OURS);
        assertThat(SampleVariables.of(jmeter(null, "sample_variables=elapsed_us, orderId\n"))).isEqualTo("elapsed_us,orderId,intended_us,taken_us,blocked_us,lateness_us,response_us");
    }

    @Test
    void everyJMeterOfADistributedRunGetsTheSameValue() throws Exception {
        JMeterInstallation jmeter = jmeter(null, "sample_variables=orderId\n");
        assertThat(SampleVariables.argument(jmeter)).isEqualTo("-Jsample_variables=orderId," + OURS);
        assertThat(SampleVariables.globalArgument(jmeter)).isEqualTo("-Gsample_variables=orderId," + OURS);
    }
}
