package org.esbbench.maven.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.esbbench.maven.engines.Engines.EngineAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineProbeTest {

    private static final EngineAddress E1 = new EngineAddress("engine-1", "127.0.0.1", 50001);
    private static final EngineAddress E2 = new EngineAddress("engine-2", "10.0.0.5", 1099);

    private static String answer(String host, String jmeter, String hook, long now) {
        return "engine=;host=" + host + ";hook=" + hook + ";jmeter=" + jmeter + ";java=17.0.15;pid=4711;cores=2;"
                + "extSha256=abc;timestampStart=true;payloadDir=/x/data/generated;replyQueue=perf.reply.engine-1;now=" + now;
    }

    @Test
    void readsTheAnswersFromTheProbesResultsFileByAddress(@TempDir Path dir) throws IOException {
        Path jtl = dir.resolve("probe.csv");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,responseMessage,success\n"
                + "1,0,engine probe,200,\"" + answer("127.0.0.1:50001", "5.6.3", "true", 1000) + "\",true\n");
        Map<String, EngineProbe.Facts> answers = EngineProbe.read(jtl);
        assertThat(answers).containsOnlyKeys("127.0.0.1:50001");
        EngineProbe.Facts f = answers.get("127.0.0.1:50001");
        assertThat(f.get("jmeter")).isEqualTo("5.6.3");
        assertThat(f.number("pid")).isEqualTo(4711);
        assertThat(f.get("replyQueue")).isEqualTo("perf.reply.engine-1");
    }

    @Test
    void anEngineThatMatchesPasses() {
        Map<String, EngineProbe.Facts> answers = Map.of(E1.address(),
                EngineProbe.parse(answer(E1.address(), "5.6.3", "true", 10_500)));
        assertThat(EngineProbe.problems(List.of(E1), answers, "5.6.3", "abc", 10_000, 12_000, "")).isEmpty();
    }

    @Test
    void eachMismatchNamesTheEngine() {
        Map<String, EngineProbe.Facts> answers = Map.of(E2.address(),
                EngineProbe.parse(answer(E2.address(), "5.5", "false", 20_000).replace("extSha256=abc", "extSha256=def")));
        List<String> problems = EngineProbe.problems(List.of(E1, E2), answers, "5.6.3", "abc", 10_000, 12_000,
                "The following remote engines have not started:[127.0.0.1:50001]");
        assertThat(problems).anySatisfy(p -> assertThat(p).startsWith("engine-1 (127.0.0.1:50001) gave no probe answer")
                .contains("has not started"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("engine-2 (10.0.0.5:1099) runs JMeter 5.5, this suite 5.6.3"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("engine-2", "extension differs"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("engine-2", "hook is not installed"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("engine-2", "clock is 8.0 s or more ahead"));
    }

    @Test
    void aMissingExtensionIsSaidSo() {
        String reason = EngineProbe.noAnswerReason(E1,
                "Error in rconfigure() method java.lang.ClassNotFoundException: org.esbbench.jmeter.engine.EngineProbeSampler");
        assertThat(reason).contains("lacks the esb-bench extension");
    }

    @Test
    void theClockBoundIsTheProbesRunPlusOneSecond() {
        assertThat(EngineProbe.clockOffsetOutside(10_999, 10_000, 12_000)).isZero();
        assertThat(EngineProbe.clockOffsetOutside(9_000, 10_000, 12_000)).isZero();
        assertThat(EngineProbe.clockOffsetOutside(13_001, 10_000, 12_000)).isEqualTo(1001);
        assertThat(EngineProbe.clockOffsetOutside(8_999, 10_000, 12_000)).isEqualTo(-1001);
        assertThat(EngineProbe.clockBoundMs(10_500, 10_000, 12_000)).isEqualTo(1500);
    }

    @Test
    void aClosedPortIsNamedWithinTheTimeout() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        long t0 = System.nanoTime();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EngineProbe.requireReachable(
                        List.of(new EngineAddress("engine-1", "127.0.0.1", port))))
                .hasMessageContaining("engine-1 (127.0.0.1:" + port + ") does not answer on its RMI registry port");
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5000);
    }

    @Test
    void theClientsFailureLinesNameTheEngine() {
        assertThat(EngineWatch.clientFailure("x\nThe following remote engines have not started:[127.0.0.1:50001]\n",
                List.of(E1, E2))).hasValueSatisfying(v -> assertThat(v).startsWith("engine-1 (127.0.0.1:50001) did not take"));
        assertThat(EngineWatch.clientFailure("all fine\n", List.of(E1))).isEmpty();
    }
}
