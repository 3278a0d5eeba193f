package org.esbbench.esb;

import java.nio.file.Path;
import java.util.List;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.apache.camel.CamelContext;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.component.jms.JmsConfiguration;
import org.apache.camel.main.Main;
import org.apache.camel.main.SimpleMainShutdownStrategy;
import org.esbbench.core.wssec.WsSecurityParty;
import org.esbbench.esb.broker.BrokerProbe;
import org.esbbench.esb.broker.EmbeddedBroker;
import org.esbbench.esb.broker.JmsConnectionFactories;
import org.esbbench.esb.http.LenientHttpBinding;
import org.esbbench.esb.http.PathFaultFormats;
import org.esbbench.esb.http.RequestGuardFactory;
import org.esbbench.esb.mediation.JsonMediation;
import org.esbbench.esb.mediation.WsSecurityMediation;
import org.esbbench.esb.mediation.XsltMediation;
import org.esbbench.esb.routes.CbrBodyRoute;
import org.esbbench.esb.routes.CbrSoapHeaderRoute;
import org.esbbench.esb.routes.CbrTransportHeaderRoute;
import org.esbbench.esb.routes.DirectRoute;
import org.esbbench.esb.routes.HealthRoute;
import org.esbbench.esb.routes.JmsRoute;
import org.esbbench.esb.routes.RestRoute;
import org.esbbench.esb.routes.SoapRoute;
import org.esbbench.esb.routes.WsSecurityRoute;
import org.esbbench.esb.routes.XsltRoute;

/**
 * The running server: the embedded broker (unless external), then Camel with one route per scenario
 * and the health route. {@link #close()} stops them in reverse order: routes first, so in-flight
 * exchanges finish, then the JMS connections, then the broker. Used by the command line and, in
 * process, by the integration tests.
 */
public final class EsbServer implements AutoCloseable {

    /** Bean name of the Netty event loops shared by the HTTP consumer and the backend producer. */
    static final String EVENT_LOOPS_BEAN = "esbEventLoops";

    private final EsbSettings settings;
    private final BrokerMode mode;
    private final EmbeddedBroker broker;
    private final JmsConnectionFactories jms;
    private final EventLoopGroup eventLoops;
    private final Main main;

    private EsbServer(EsbSettings settings, BrokerMode mode, EmbeddedBroker broker, JmsConnectionFactories jms,
                      EventLoopGroup eventLoops, Main main) {
        this.settings = settings;
        this.mode = mode;
        this.broker = broker;
        this.jms = jms;
        this.eventLoops = eventLoops;
        this.main = main;
    }

    public static EsbServer start(EsbSettings settings, BrokerMode mode) throws Exception {
        EmbeddedBroker broker = null;
        JmsConnectionFactories jms = null;
        EventLoopGroup eventLoops = null;
        Main main = null;
        try {
            if (mode != BrokerMode.EXTERNAL) {
                String dataDir = settings.brokerDataDir();
                broker = EmbeddedBroker.start(settings.brokerUrl(), settings.brokerPersistence(),
                        dataDir.isEmpty() ? null : Path.of(dataDir),
                        List.of(settings.jmsRequestQueue(), settings.jmsReplyQueue()));
            }
            if (mode == BrokerMode.BROKER_ONLY) {
                return new EsbServer(settings, mode, broker, null, null, null);
            }
            // Built before Camel so a missing keystore fails the start with a clear message.
            WsSecurityMediation wsSecurity = new WsSecurityMediation(
                    WsSecurityParty.server(settings.keystoreDir(), settings.algorithmSuite()), settings.replyTtl());
            jms = connectionFactories(settings);
            boolean epoll = Epoll.isAvailable();
            eventLoops = newEventLoops(settings.getInt("esb.http.workers"), epoll);

            main = new Main();
            // SIGTERM is handled by the command's shutdown hook, which also stops the broker after Camel.
            main.setShutdownStrategy(new SimpleMainShutdownStrategy());
            main.setDefaultPropertyPlaceholderLocation("false");
            main.setInitialProperties(settings.asProperties());
            main.addInitialProperty("esb.netty.native", Boolean.toString(epoll));
            main.bind("jms", jmsComponent(jms));
            main.bind(EVENT_LOOPS_BEAN, eventLoops);
            // Every request gets an answer: see RequestGuard and LenientHttpBinding (esb.http.consumerOptions).
            main.bind("esbRequestGuard", new RequestGuardFactory(
                    PathFaultFormats.of(settings, HealthRoute.DEFAULT_PATH), settings.getInt("esb.http.stallTimeoutMs")));
            main.bind("esbHttpBinding", new LenientHttpBinding());

            BrokerProbe probe = broker != null ? broker::isActive : jms.probe();
            long timeoutMs = settings.backendTimeoutMs();
            int maxBody = settings.getInt("esb.http.maxBodyBytes");
            main.configure().addRoutesBuilder(new HealthRoute(probe));
            main.configure().addRoutesBuilder(new DirectRoute(timeoutMs));
            main.configure().addRoutesBuilder(new CbrBodyRoute(timeoutMs));
            main.configure().addRoutesBuilder(new CbrSoapHeaderRoute(timeoutMs));
            main.configure().addRoutesBuilder(new CbrTransportHeaderRoute(timeoutMs));
            main.configure().addRoutesBuilder(new XsltRoute(timeoutMs,
                    new XsltMediation(settings.get("esb.xslt.request"), settings.get("esb.xslt.reply"))));
            main.configure().addRoutesBuilder(new WsSecurityRoute(timeoutMs, wsSecurity));
            main.configure().addRoutesBuilder(new RestRoute(timeoutMs, new JsonMediation(maxBody)));
            main.configure().addRoutesBuilder(new SoapRoute(timeoutMs));
            main.configure().addRoutesBuilder(new JmsRoute(timeoutMs));
            main.start();
            return new EsbServer(settings, mode, broker, jms, eventLoops, main);
        } catch (Exception | Error e) {
            new EsbServer(settings, mode, broker, jms, eventLoops, main).close();
            throw e;
        }
    }

    /** One line for the log and for launchers waiting on the server. */
    public String readyLine() {
        String brokerPart = switch (mode) {
            case EMBEDDED -> "broker " + settings.brokerUrl() + " (embedded)";
            case EXTERNAL -> "broker " + settings.brokerUrl() + " (external" + (settings.jmsJndiFactory().isEmpty() ? ""
                    : ", " + settings.jmsConnectionFactory() + " from " + settings.jmsJndiFactory()) + ")";
            case BROKER_ONLY -> "broker " + settings.brokerUrl() + " (embedded, broker only)";
        };
        if (mode == BrokerMode.BROKER_ONLY) {
            return "reference-esb ready: " + brokerPart;
        }
        return "reference-esb ready: http://" + settings.httpBind() + ":" + settings.httpPort()
                + " " + brokerPart + " backend " + settings.get("esb.backend.url")
                + " keystores " + settings.keystoreSource();
    }

    /** The running Camel context, or null in broker-only mode. */
    public CamelContext camelContext() {
        return main == null ? null : main.getCamelContext();
    }

    public boolean brokerActive() {
        return broker != null && broker.isActive();
    }

    @Override
    public void close() {
        if (main != null) {
            try {
                main.stop();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(EsbServer.class).warn("Camel did not stop cleanly: {}", e.toString());
            }
        }
        if (jms != null) {
            jms.close();
        }
        if (eventLoops != null) {
            eventLoops.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** Artemis' client unless esb.jms.jndiFactory names a JNDI context factory for another broker. */
    private static JmsConnectionFactories connectionFactories(EsbSettings settings) {
        int sessions = settings.getInt("esb.jms.consumers");
        String jndiFactory = settings.jmsJndiFactory();
        return jndiFactory.isEmpty() ? new JmsConnectionFactories(settings.brokerUrl(), sessions)
                : JmsConnectionFactories.fromJndi(jndiFactory, settings.brokerUrl(), settings.jmsConnectionFactory(), sessions);
    }

    private static JmsComponent jmsComponent(JmsConnectionFactories factories) {
        JmsConfiguration configuration = new JmsConfiguration(factories.listener());
        configuration.setListenerConnectionFactory(factories.listener());
        configuration.setTemplateConnectionFactory(factories.template());
        JmsComponent component = new JmsComponent(configuration);
        component.setAllowAutoWiredConnectionFactory(false);
        return component;
    }

    private static EventLoopGroup newEventLoops(int threads, boolean epoll) {
        DefaultThreadFactory threadFactory = new DefaultThreadFactory("esb-netty", true);
        return epoll ? new EpollEventLoopGroup(threads, threadFactory) : new NioEventLoopGroup(threads, threadFactory);
    }
}
