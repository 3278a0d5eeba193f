package org.esbbench.suite.plans;

import java.util.ArrayList;
import java.util.List;

import org.esbbench.core.Scenario;

/**
 * The parameters of each scenario's plan: the same names, defaults and meanings in every plan; a plan
 * only leaves out what cannot apply to it (no HTTP address in the JMS plan, no keystores outside
 * ws-security). suite/README.md lists them; {@code PlanParametersDocumentedTest} keeps the two in step.
 */
final class PlanParameters {

    static final String JMS_URL_DEFAULT = "tcp://127.0.0.1:61616";
    static final String JMS_REPLY_QUEUE_DEFAULT = "perf.reply";
    /** Small payloads committed under data/ so a plan opened right after a clone has something to send. */
    static final String COMMITTED_PAYLOADS = "../data";
    static final String GENERATED_PAYLOADS = "../data/generated";

    private PlanParameters() {
    }

    static List<PlanParameter> of(Scenario scenario) {
        List<PlanParameter> parameters = new ArrayList<>();
        if (scenario == Scenario.JMS) {
            parameters.add(new PlanParameter("jmsUrl", JMS_URL_DEFAULT,
                "JNDI provider URL of the broker (Artemis)"));
            parameters.add(new PlanParameter("path", scenario.defaultEndpoint(),
                "request queue (JNDI name and address)"));
            parameters.add(new PlanParameter("replyQueue", JMS_REPLY_QUEUE_DEFAULT,
                "reply queue the request names in JMSReplyTo; replies are matched by correlation ID"));
        } else {
            parameters.add(new PlanParameter("host", "127.0.0.1", "host of the server under test"));
            parameters.add(new PlanParameter("port", "8280", "port of the server under test"));
            parameters.add(new PlanParameter("protocol", "http", "http or https"));
            parameters.add(new PlanParameter("path", scenario.defaultEndpoint(), "endpoint path of this scenario"));
        }
        parameters.add(new PlanParameter("model", "closed",
            "closed (users loop without think time) or open (arrivals at rate per second)"));
        parameters.add(new PlanParameter("users", "10", "closed model: concurrent users"));
        parameters.add(new PlanParameter("rampup", "30",
            "closed model: seconds to start all users (capped at the warm-up)"));
        parameters.add(new PlanParameter("rate", "100", "open model: arrivals per second"));
        parameters.add(new PlanParameter("maxUsers", "1000",
            "open model: most threads in flight; arrivals wait when all are busy"));
        parameters.add(new PlanParameter("warmup", "300", "warm-up window, seconds"));
        parameters.add(new PlanParameter("measurement", "900", "measurement window, seconds"));
        parameters.add(new PlanParameter("size", "1024", "payload size in bytes"));
        parameters.add(scenario == Scenario.WS_SECURITY
            ? new PlanParameter("payloadDir", GENERATED_PAYLOADS,
                "payload folder (relative: to the plan's folder); secured requests expire, so they are never committed")
            : new PlanParameter("payloadDir", COMMITTED_PAYLOADS,
                "payload folder (relative: to the plan's folder); the build passes data/generated, which has every size"));
        if (scenario == Scenario.WS_SECURITY) {
            parameters.add(new PlanParameter("wsSuite", "modern", "WS-Security algorithm suite: modern or classic"));
            parameters.add(new PlanParameter("wsPool", "100", "secured requests in the pool, sent in turn"));
            parameters.add(new PlanParameter("keystoreDir", "../config/keystores",
                "test-only keystores (relative: to the plan's folder)"));
        }
        if (scenario != Scenario.JMS) {
            parameters.add(new PlanParameter("connectTimeout", "5000", "connect timeout, ms"));
            parameters.add(new PlanParameter("reuse", "5000",
                "requests per keep-alive connection before it is renewed; 0 = never"));
        }
        parameters.add(new PlanParameter("responseTimeout", "30000", "reply timeout, ms"));
        parameters.add(new PlanParameter("perfmonPort", "4444", "PerfMon agent port (used with -JperfmonHost=...)"));
        parameters.add(new PlanParameter("perfmonFile", "perfmon.csv",
            "PerfMon metrics file (relative: to JMeter's working folder)"));
        return List.copyOf(parameters);
    }
}
