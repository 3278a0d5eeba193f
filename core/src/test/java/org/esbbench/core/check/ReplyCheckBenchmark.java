package org.esbbench.core.check;

import java.nio.file.Path;

import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.testing.CommittedKeystores;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * Prints what a reply check and WS-Security cost per message on this machine, single-threaded. Not a
 * test (no pass/fail); run with
 * {@code mvn -pl core exec:java -Dexec.mainClass=org.esbbench.core.check.ReplyCheckBenchmark -Dexec.classpathScope=test
 * -Dexec.args=config/keystores} from the project root ({@code -Dws=false} leaves out ws-security,
 * {@code -DwarmupMillis=2000 -DmeasureMillis=3000} set the windows per row).
 */
public final class ReplyCheckBenchmark {

    private static final long WARM_UP_NANOS = Long.getLong("warmupMillis", 2_000) * 1_000_000L;
    private static final long MEASURE_NANOS = Long.getLong("measureMillis", 3_000) * 1_000_000L;
    private static final boolean WS = Boolean.parseBoolean(System.getProperty("ws", "true"));

    private ReplyCheckBenchmark() {
    }

    public static void main(String[] args) {
        Path keys = args.length > 0 ? Path.of(args[0]) : CommittedKeystores.DIR;
        WsSecurityParty client = WsSecurityParty.client(keys, AlgorithmSuite.MODERN);
        WsSecurityParty server = WsSecurityParty.server(keys, AlgorithmSuite.MODERN);
        System.out.printf("%-22s %8s %12s%n", "check", "size", "us/reply");
        for (int size : new int[] {1024, 10240, 102400, 1024 * 1024}) {
            byte[] soap = Payloads.soap(size);
            byte[] json = Payloads.json(size);
            ReplyCheck direct = ReplyChecks.forScenario(Scenario.DIRECT, soap);
            report("direct", size, () -> direct.check(200, soap));
            // First sight of a reply: parse and compare in full.
            ReplyCheck xslt = new StatusThenBody(new XmlEquivalentBody(soap));
            report("xslt (full)", size, () -> xslt.check(200, soap));
            ReplyCheck soapBody = new StatusThenBody(new SoapBodyContent(soap));
            report("soap (full)", size, () -> soapBody.check(200, soap));
            ReplyCheck rest = new StatusThenBody(new JsonEqualBody(json));
            report("rest (full)", size, () -> rest.check(200, json));
            // A reply seen before: what ReplyChecks' checks cost in a steady run.
            ReplyCheck xsltRepeat = ReplyChecks.forScenario(Scenario.XSLT, soap);
            report("xslt (repeat)", size, () -> xsltRepeat.check(200, soap));
            ReplyCheck soapRepeat = ReplyChecks.forScenario(Scenario.SOAP, soap);
            report("soap (repeat)", size, () -> soapRepeat.check(200, soap));
            ReplyCheck restRepeat = ReplyChecks.forScenario(Scenario.REST, json);
            report("rest (repeat)", size, () -> restRepeat.check(200, json));
            if (!WS) {
                continue;
            }
            byte[] plain = Payloads.soap(size);
            byte[] reply = server.secure(plain);
            ReplyCheck ws = ReplyChecks.forWsSecurity(plain, client);
            report("ws-security check", size, () -> ws.check(200, reply));
            report("ws-security secure", size, () -> client.secure(plain));
        }
    }

    private static void report(String name, int size, Runnable work) {
        run(work, WARM_UP_NANOS);
        long[] measured = run(work, MEASURE_NANOS);
        System.out.printf("%-22s %8d %12.1f%n", name, size, measured[1] / 1000.0 / measured[0]);
    }

    /** @return {iterations, elapsed nanos} */
    private static long[] run(Runnable work, long nanos) {
        long start = System.nanoTime();
        long count = 0;
        long elapsed;
        do {
            work.run();
            count++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < nanos);
        return new long[] {count, elapsed};
    }
}
