package org.esbbench.backend;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class EchoBackendCommandTest {

    @Test
    void defaultsMatchTheSuite() {
        BackendSettings settings = parse().settings();
        assertThat(settings.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(settings.port()).isEqualTo(8688);
        assertThat(settings.delayMillis()).isZero();
        assertThat(settings.maxBodyBytes()).isGreaterThanOrEqualTo(100L * 1024 * 1024 + 1);
        assertThat(settings.tls()).isNull();
        assertThat(settings).isEqualTo(BackendSettings.defaults());
    }

    @Test
    void flagsReachTheSettings() {
        BackendSettings settings = parse("--port", "9000", "--bind", "0.0.0.0", "--delay-ms", "1000", "--threads", "3",
                "--max-body", "10MiB", "--idle-timeout-s", "5", "--backlog", "1024", "--health-path", "/up",
                "--keystore", "server.p12", "--keystore-password", "secret", "--transport", "NIO").settings();
        assertThat(settings.port()).isEqualTo(9000);
        assertThat(settings.bindAddress()).isEqualTo("0.0.0.0");
        assertThat(settings.delayMillis()).isEqualTo(1000);
        assertThat(settings.eventLoopThreads()).isEqualTo(3);
        assertThat(settings.maxBodyBytes()).isEqualTo(10L << 20);
        assertThat(settings.idleTimeout()).hasSeconds(5);
        assertThat(settings.backlog()).isEqualTo(1024);
        assertThat(settings.healthPath()).isEqualTo("/up");
        assertThat(settings.transport()).isEqualTo(Transport.NIO);
        assertThat(settings.tls().keystore()).isEqualTo(Path.of("server.p12"));
        assertThat(settings.tls().password()).containsExactly('s', 'e', 'c', 'r', 'e', 't');
    }

    /** Scripts written for WSO2's echo service pass --delay or --sleep-time: both mean --delay-ms. */
    @Test
    void delayAndSleepTimeAreAliasesOfDelayMs() {
        assertThat(parse("--delay", "1000").settings().delayMillis()).isEqualTo(1000);
        assertThat(parse("--delay=250").settings().delayMillis()).isEqualTo(250);
        assertThat(parse("--sleep-time", "30").settings().delayMillis()).isEqualTo(30);
        assertThat(parse("-d", "7").settings().delayMillis()).isEqualTo(7);
        assertThat(run("--delay", "-5")).startsWith("2:").contains("delay must be 0..600000 ms");
        assertThat(run("--delay", "soon")).startsWith("2:").contains("--delay");
    }

    @Test
    void theDelayCanBeGivenOnlyOnce() {
        assertThat(run("--delay", "10", "--delay-ms", "20")).startsWith("2:").contains("should be specified only once");
    }

    @Test
    void helpSaysThatDelayIsAnAliasInMilliseconds() {
        String help = new CommandLine(new EchoBackendCommand()).getUsageMessage();
        assertThat(help).contains("-d, --delay, --delay-ms, --sleep-time=<delayMillis>");
        assertThat(help).contains("--delay and --sleep-time");
    }

    @Test
    void tlsWithoutAKeystoreMeansSelfSigned() {
        assertThat(parse("--tls").settings().tls().keystore()).isNull();
    }

    @Test
    void badValuesAreUsageErrorsThatSayWhy() {
        assertThat(run("--port", "70000")).startsWith("2:").contains("port must be 0..65535, was 70000");
        assertThat(run("--delay-ms", "-5")).startsWith("2:").contains("delay must be 0..600000 ms");
        assertThat(run("--max-body", "lots")).startsWith("2:").contains("not a size: 'lots'");
        assertThat(run("--health-path", "health")).startsWith("2:").contains("must start with '/'");
    }

    @Test
    void helpDocumentsEveryFlag() {
        String help = new CommandLine(new EchoBackendCommand()).getUsageMessage();
        for (String flag : new String[]{"--port", "--bind", "--delay-ms", "--threads", "--max-body", "--idle-timeout-s",
                "--backlog", "--health-path", "--shutdown-grace-s", "--transport", "--tls", "--keystore",
                "--keystore-password", "--verbose", "X-Echo-Delay-Ms"}) {
            assertThat(help).contains(flag);
        }
    }

    private static EchoBackendCommand parse(String... args) {
        EchoBackendCommand command = new EchoBackendCommand();
        new CommandLine(command).parseArgs(args);
        return command;
    }

    /** Runs the command with arguments that must fail before any server starts; returns "exitCode:stderr". */
    private static String run(String... args) {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new EchoBackendCommand()).setErr(new PrintWriter(err)).execute(args);
        return exit + ":" + err;
    }
}
