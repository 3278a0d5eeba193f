package org.esbbench.esb;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Command line of the reference server. Flags override the properties file, which overrides the bundled
 * defaults; {@code --set key=value} reaches any other setting. Runs until SIGTERM or Ctrl-C, then stops
 * the routes (letting in-flight requests finish) and the broker.
 */
@Command(name = "reference-esb", mixinStandardHelpOptions = true, versionProvider = ReferenceEsbCommand.Version.class,
        sortOptions = false,
        description = {
            "Reference integration server of the ESB benchmark: Apache Camel routes for every scenario",
            "(direct, cbr-body, cbr-soap-header, cbr-transport-header, xslt, ws-security, rest, soap, jms)",
            "and an embedded ActiveMQ Artemis broker. GET /health answers 200 once everything is up."},
        // Lines kept under 80 columns: picocli would wrap them without indentation.
        footerHeading = "%nWhere each file comes from (the jar runs from any folder):%n",
        footer = {
            "  settings     reference-esb.properties built into the jar,",
            "               overlaid by --config FILE, then by the flags above",
            "  keystores    client.p12 and server.p12 built into the jar (the test keys",
            "               of config/keystores), or --keystore-dir DIR",
            "  stylesheets  xslt/request.xsl and xslt/reply.xsl built into the jar,",
            "               or --set esb.xslt.request=FILE and esb.xslt.reply=FILE",
            "  broker data  a temporary folder removed at stop,",
            "               or --set esb.broker.dataDir=DIR",
            "Relative paths given are resolved against the working directory."})
public final class ReferenceEsbCommand implements Callable<Integer> {

    @Option(names = "--config", paramLabel = "FILE",
            description = "Properties file overriding the bundled reference-esb.properties.")
    Path config;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "HTTP bind address (default 127.0.0.1).")
    String bind;

    @Option(names = "--port", description = "HTTP port of all scenarios and /health (default 8280).")
    Integer port;

    @Option(names = "--backend-url", paramLabel = "URL",
            description = "Echo backend (default http://127.0.0.1:8688/service/EchoService).")
    String backendUrl;

    @Option(names = "--backend-timeout-ms", paramLabel = "MS",
            description = "Backend replies slower than this become 504 (default 30000).")
    Integer backendTimeoutMs;

    @Option(names = "--backend-connections", paramLabel = "N",
            description = "Keep-alive connections to the backend (default 4000).")
    Integer backendConnections;

    @Option(names = "--workers", paramLabel = "N",
            description = "Netty event-loop threads; 0 = 2 x cores (default 0).")
    Integer workers;

    @Option(names = "--broker-url", paramLabel = "URL",
            description = "Acceptor of the embedded broker, or the external broker with --no-broker "
                    + "(default tcp://127.0.0.1:61616).")
    String brokerUrl;

    @Option(names = "--jms-jndi-factory", paramLabel = "CLASS",
            description = "JNDI InitialContextFactory of an external broker's connection factory, with --broker-url as "
                    + "its provider URL (e.g. org.apache.activemq.jndi.ActiveMQInitialContextFactory for ActiveMQ "
                    + "Classic, with --no-broker); default: the Artemis client directly.")
    String jmsJndiFactory;

    @Option(names = "--jms-connection-factory", paramLabel = "NAME",
            description = "JNDI name of the connection factory, with --jms-jndi-factory (default ConnectionFactory).")
    String jmsConnectionFactory;

    @Option(names = "--jms-consumers", paramLabel = "N", description = "Listeners on the request queue (default 16).")
    Integer jmsConsumers;

    @Option(names = "--keystore-dir", paramLabel = "DIR",
            description = "Folder with the WS-Security keystores client.p12 and server.p12 (default: the test"
                    + " keystores built into the jar, copied from config/keystores at build time).")
    Path keystoreDir;

    @Option(names = "--algorithm-suite", paramLabel = "SUITE",
            description = "WS-Security algorithms: MODERN or CLASSIC (default MODERN).")
    String algorithmSuite;

    @ArgGroup(exclusive = true)
    BrokerChoice brokerChoice;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Any other setting, e.g. --set esb.jms.consumers=32.")
    Map<String, String> extra = new LinkedHashMap<>();

    static final class BrokerChoice {
        @Option(names = "--broker-only", description = "Run only the embedded broker.")
        boolean brokerOnly;

        @Option(names = "--no-broker", description = "Do not embed a broker; use the one at --broker-url.")
        boolean noBroker;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReferenceEsbCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        EsbSettings settings = EsbSettings.load(config, overrides());
        EsbServer server = EsbServer.start(settings, brokerMode());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            System.out.println("reference-esb stopped");
            System.out.flush();
            stopped.countDown();
        }, "reference-esb-shutdown"));
        System.out.println(server.readyLine());
        System.out.flush();
        stopped.await();
        return 0;
    }

    BrokerMode brokerMode() {
        if (brokerChoice == null) {
            return BrokerMode.EMBEDDED;
        }
        return brokerChoice.brokerOnly ? BrokerMode.BROKER_ONLY
                : brokerChoice.noBroker ? BrokerMode.EXTERNAL : BrokerMode.EMBEDDED;
    }

    /** Flags given on the command line, as settings keys; flags not given leave the file's values. */
    Map<String, String> overrides() {
        Map<String, String> overrides = new LinkedHashMap<>(extra);
        put(overrides, "esb.http.bind", bind);
        put(overrides, "esb.http.port", port);
        put(overrides, "esb.backend.url", backendUrl);
        put(overrides, "esb.backend.timeoutMs", backendTimeoutMs);
        put(overrides, "esb.backend.maxConnections", backendConnections);
        put(overrides, "esb.http.workers", workers);
        put(overrides, "esb.broker.url", brokerUrl);
        put(overrides, "esb.jms.consumers", jmsConsumers);
        put(overrides, "esb.jms.jndiFactory", jmsJndiFactory);
        put(overrides, "esb.jms.connectionFactory", jmsConnectionFactory);
        put(overrides, "esb.wssec.keystoreDir", keystoreDir);
        put(overrides, "esb.wssec.suite", algorithmSuite);
        return overrides;
    }

    private static void put(Map<String, String> map, String key, Object value) {
        if (value != null) {
            map.put(key, value.toString());
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = ReferenceEsbCommand.class.getPackage().getImplementationVersion();
            return new String[] {"reference-esb " + (version == null ? "(development build)" : version)
                    + ", Apache Camel " + org.apache.camel.impl.DefaultCamelContext.class.getPackage().getImplementationVersion()};
        }
    }
}
