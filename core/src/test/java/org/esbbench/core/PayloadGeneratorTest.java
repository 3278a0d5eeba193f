package org.esbbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.testing.CommittedKeystores;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;
import org.esbbench.core.xml.XmlDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

class PayloadGeneratorTest {

    @TempDir
    Path out;

    private final StringWriter stdout = new StringWriter();
    private final StringWriter stderr = new StringWriter();

    private int run(String... args) {
        CommandLine command = PayloadGenerator.commandLine();
        command.setOut(new PrintWriter(stdout, true));
        command.setErr(new PrintWriter(stderr, true));
        return command.execute(args);
    }

    @Test
    void writesBothFormatsForTheGivenSizes() throws Exception {
        int exit = run("--out", out.toString(), "--sizes", "600,1024");

        assertThat(exit).as(stderr.toString()).isZero();
        assertThat(Files.readAllBytes(out.resolve("soap/buyStocks-600.xml"))).isEqualTo(Payloads.soap(600));
        assertThat(Files.readAllBytes(out.resolve("soap/buyStocks-1024.xml"))).isEqualTo(Payloads.soap(1024));
        assertThat(Files.readAllBytes(out.resolve("json/buyStocks-600.json"))).isEqualTo(Payloads.json(600));
        assertThat(Files.readAllBytes(out.resolve("json/buyStocks-1024.json"))).hasSize(1024);
        assertThat(out.resolve("wssec")).doesNotExist();
        assertThat(stdout.toString()).contains("Wrote 4 payload files");
    }

    @Test
    void addsTheSizesOfTheRunSizesFileToTheGivenOnes() throws Exception {
        // What the suite's check writes for -Dmatrix=wso2-mi: sizes the POM's ${size} does not hold.
        Path runSizes = Files.writeString(out.resolve("run-sizes"), "500,1000,10000,100000\n");

        int exit = run("--out", out.resolve("gen").toString(), "--sizes", "1024", "--sizes-file", runSizes.toString(),
                "--ws-pool", "1", "--ws-suites", "modern", "--keystore-dir", CommittedKeystores.DIR.toString());

        assertThat(exit).as(stderr.toString()).isZero();
        for (int size : new int[] {1024, 500, 1000, 10000, 100000}) {
            assertThat(Files.readAllBytes(out.resolve("gen/soap/buyStocks-" + size + ".xml"))).isEqualTo(Payloads.soap(size));
            assertThat(Files.readAllBytes(out.resolve("gen/json/buyStocks-" + size + ".json"))).isEqualTo(Payloads.json(size));
            assertThat(out.resolve("gen/wssec/modern/" + size + "/1.xml")).isRegularFile();
        }
        assertThat(stdout.toString()).contains("Wrote " + (5 * 2 + 5 * 2) + " payload files");
    }

    @Test
    void aMissingRunSizesFileAddsNothing() throws Exception {
        int exit = run("--out", out.toString(), "--sizes", "1024", "--formats", "soap",
                "--sizes-file", out.resolve("no-such-file").toString());

        assertThat(exit).as(stderr.toString()).isZero();
        try (Stream<Path> files = Files.list(out.resolve("soap"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("buyStocks-1024.xml");
        }
    }

    @Test
    void aRunSizesFileThatIsNotSizesIsRefused() throws Exception {
        Path runSizes = Files.writeString(out.resolve("run-sizes"), "1024,1k\n");

        int exit = run("--out", out.toString(), "--sizes", "1024", "--sizes-file", runSizes.toString());

        assertThat(exit).isNotZero();
        assertThat(stderr.toString()).contains("'1k' is not a size in bytes");
    }

    @Test
    void writesEveryStandardSizeByDefault() throws Exception {
        int exit = run("--out", out.toString(), "--formats", "json");

        assertThat(exit).as(stderr.toString()).isZero();
        try (Stream<Path> files = Files.list(out.resolve("json"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(
                    "buyStocks-512.json", "buyStocks-1024.json", "buyStocks-2048.json", "buyStocks-5120.json",
                    "buyStocks-10240.json", "buyStocks-20480.json", "buyStocks-102400.json", "buyStocks-204800.json");
        }
        assertThat(out.resolve("soap")).doesNotExist();
    }

    @Test
    void writesPoolsOfSecuredRequestsTheServerAccepts() throws Exception {
        int exit = run("--out", out.toString(), "--sizes", "1024", "--formats", "soap", "--ws-pool", "2",
                "--ws-suites", "modern", "--keystore-dir", CommittedKeystores.DIR.toString());

        assertThat(exit).as(stderr.toString()).isZero();
        Path pool = out.resolve("wssec/modern/1024");
        assertThat(pool.resolve("3.xml")).doesNotExist();
        assertThat(out.resolve("wssec/classic")).doesNotExist();
        WsSecurityParty server = WsSecurityParty.server(CommittedKeystores.DIR, AlgorithmSuite.MODERN);
        WsSecurityParty client = WsSecurityParty.client(CommittedKeystores.DIR, AlgorithmSuite.MODERN);
        byte[] first = Files.readAllBytes(pool.resolve("1.xml"));
        byte[] second = Files.readAllBytes(pool.resolve("2.xml"));
        assertThat(first).isNotEqualTo(second);
        for (byte[] secured : new byte[][] {first, second}) {
            byte[] plain = Files.readAllBytes(pool.resolve("1.plain.xml"));
            assertThat(plain).isEqualTo(Payloads.soap(1024));
            // What the reply check expects is what the server gets out of the pooled request.
            byte[] decrypted = server.verifyAndDecrypt(secured);
            assertThat(XmlDocuments.soapBody(XmlDocuments.parse(decrypted)).getTextContent())
                    .isEqualTo(XmlDocuments.soapBody(XmlDocuments.parse(plain)).getTextContent());
            assertThat(ReplyChecks.forWsSecurity(plain, client).check(200, server.secure(decrypted))).isNull();
        }
    }

    @Test
    void refusesSizesBelowOneOrder() {
        int exit = run("--out", out.toString(), "--sizes", "100");

        assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(stderr.toString()).contains("100 is below the smallest SOAP payload");
        assertThat(out.resolve("soap")).doesNotExist();
    }

    @Test
    void namesAMissingKeystore() {
        int exit = run("--out", out.toString(), "--sizes", "1024", "--ws-pool", "1",
                "--keystore-dir", out.resolve("nowhere").toString());

        assertThat(exit).isEqualTo(CommandLine.ExitCode.SOFTWARE);
        assertThat(stderr.toString()).startsWith("payload-generator: no WS-Security keystore").contains("client.p12");
    }

    @Test
    void printsHelp() {
        int exit = run("--help");

        assertThat(exit).isZero();
        assertThat(stdout.toString()).contains("--sizes", "--formats", "--ws-pool", "--ws-suites", "--ws-ttl", "--keystore-dir");
    }
}
