package org.esbbench.jmeter.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EngineLoadShareTest {

    @BeforeAll
    static void jmeterProperties() throws IOException {
        if (JMeterUtils.getJMeterProperties() == null) {
            Path file = Files.createTempFile("jmeter", ".properties");
            file.toFile().deleteOnExit();
            JMeterUtils.loadJMeterProperties(file.toString());
        }
    }

    @SuppressWarnings("unchecked")
    private static List<TestStateListener> registered() throws ReflectiveOperationException {
        Field f = StandardJMeterEngine.class.getDeclaredField("testList");
        f.setAccessible(true);
        return (List<TestStateListener>) f.get(null);
    }

    @Test
    void setsThisEnginesUsersAndRateFromTheMapsKeyedByItsAddress() throws Exception {
        JMeterUtils.setProperty("users", "0");
        JMeterUtils.setProperty("rate", "0");
        JMeterUtils.setProperty(EngineLoadShare.USERS, "127.0.0.1:50001=2,127.0.0.1:50003=1");
        JMeterUtils.setProperty(EngineLoadShare.RATE, "127.0.0.1:50001=34,127.0.0.1:50003=33");
        EngineLoadShare.install();
        TestStateListener hook = registered().get(registered().size() - 1);
        registered().clear(); // as StandardJMeterEngine.run does once it has taken the list

        hook.testStarted("127.0.0.1:50003");

        assertThat(JMeterUtils.getProperty("users")).isEqualTo("1");
        assertThat(JMeterUtils.getProperty("rate")).isEqualTo("33");
        assertThat(EngineLoadShare.host()).isEqualTo("127.0.0.1:50003");
        assertThat(EngineLoadShare.installed()).isTrue();
        // registered again for the engine's next test
        assertThat(registered()).contains(hook);
        registered().clear();
    }

    @Test
    void anEngineMissingFromTheMapsRunsNothing() throws Exception {
        JMeterUtils.setProperty("users", "7");
        JMeterUtils.setProperty(EngineLoadShare.USERS, "127.0.0.1:50001=2");
        JMeterUtils.setProperty(EngineLoadShare.RATE, "");
        EngineLoadShare.install();
        TestStateListener hook = registered().get(registered().size() - 1);
        registered().clear();

        hook.testStarted("10.0.0.9:1099");

        assertThat(JMeterUtils.getProperty("users")).isEqualTo("0");
        assertThat(JMeterUtils.getProperty("rate")).isEqualTo("0");
        registered().clear();
    }

    @Test
    void parsesAddressesThatContainAColon() {
        assertThat(EngineLoadShare.parse("h:1=2, h:2 = 1,bad,x:3=y"))
                .containsExactly(Map.entry("h:1", 2), Map.entry("h:2", 1));
    }

    @Test
    void theProbeAnswerParsesAsKeyValuePairs() {
        String line = EngineProbeSampler.format(EngineProbeSampler.facts());
        assertThat(line).contains("hook=").contains("jmeter=").contains(";now=");
        assertThat(line.split(";")).allSatisfy(pair -> assertThat(pair.split("=", -1)).hasSize(2));
    }
}
