package org.esbbench.maven.checks;

import org.esbbench.maven.parameters.InvalidRunException;
import org.esbbench.maven.parameters.RunParameters;
import org.esbbench.maven.targets.JmsProvider;
import org.esbbench.maven.targets.TargetProfile;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import jakarta.jms.ConnectionFactory;
import javax.naming.NamingException;
import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * One request per selected scenario before any load, checked exactly like every reply of the run. A target
 * that is down, or that answers a scenario wrongly (wrong endpoint in a profile, a server that routes
 * everything, a broken XSLT), fails the build in seconds instead of producing twenty minutes of errors.
 */
public final class Preflight {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Path root;
    private final TargetProfile profile;
    private final RunParameters plan;
    private final Consumer<String> log;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public Preflight(Path root, TargetProfile profile, RunParameters plan, Consumer<String> log) {
        this.root = root;
        this.profile = profile;
        this.plan = plan;
        this.log = log;
    }

    public void run() throws InvalidRunException {
        for (Scenario scenario : plan.scenarios()) {
            String problem;
            try {
                problem = scenario.isHttp() ? http(scenario) : jms(scenario);
            } catch (java.net.ConnectException e) {
                problem = "nothing answers there (connection refused): is the server up, and is the target profile's"
                        + " host/port right?";
            } catch (NamingException e) {
                problem = "no connection factory " + JmsProvider.of(profile).connectionFactory() + " through JNDI: " + e;
            } catch (IOException | JMSException | RuntimeException e) {
                problem = e.getClass().getSimpleName() + ": " + e.getMessage();
            } catch (InterruptedException e) {
                throw interrupted(scenario);
            }
            if (problem != null) {
                throw failed(scenario, "", problem);
            }
            log.accept("preflight " + scenario.id() + ": correct reply");
            if (RoutingMismatch.applies(scenario)) {
                mismatch(scenario);
            }
        }
    }

    /** The content-based routing scenarios: a request that must not match gets 500 and a SOAP fault. */
    private void mismatch(Scenario scenario) throws InvalidRunException {
        RoutingMismatch.Request request = RoutingMismatch.request(scenario, plan.sizes().get(0));
        String problem;
        String fault = "";
        try {
            HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(profile.url(scenario))
                    .timeout(TIMEOUT)
                    .header("Content-Type", scenario.payloadFormat().contentType())
                    .header("SOAPAction", Payloads.SOAP_ACTION)
                    .header(Payloads.ROUTING_HEADER, request.routingHeader())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(request.body())).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            problem = RoutingMismatch.problem(response.statusCode(), response.body());
            fault = RoutingMismatch.faultString(response.body()).orElse("");
        } catch (IOException | RuntimeException e) {
            problem = e.getClass().getSimpleName() + ": " + e.getMessage();
        } catch (InterruptedException e) {
            throw interrupted(scenario);
        }
        if (problem != null) {
            throw failed(scenario, ", " + request.what(), problem);
        }
        String documented = RoutingMismatch.DOCUMENTED_FAULTS.get(scenario);
        log.accept("preflight " + scenario.id() + ": routing mismatch (" + request.what() + ") refused with 500 and"
                + " SOAP fault \"" + fault + "\"" + (fault.equals(documented) ? "" : " (the reference server's: \""
                + documented + "\")"));
    }

    /** The one wording of a failed preflight; {@code what} adds to the endpoint, e.g. which mismatch was sent. */
    private InvalidRunException failed(Scenario scenario, String what, String problem) {
        return new InvalidRunException("preflight of scenario '" + scenario.id() + "' against target '"
                + profile.name() + "' (" + endpointDescription(scenario) + what + ") failed: " + problem);
    }

    private static InvalidRunException interrupted(Scenario scenario) {
        Thread.currentThread().interrupt();
        return new InvalidRunException("interrupted during the preflight of " + scenario.id());
    }

    private String endpointDescription(Scenario scenario) {
        try {
            return scenario.isHttp() ? profile.url(scenario).toString()
                    : JmsProvider.of(profile) + " queue " + profile.endpoint(scenario);
        } catch (InvalidRunException e) {
            return e.getMessage();
        }
    }

    private String http(Scenario scenario) throws IOException, InterruptedException, InvalidRunException {
        CheckedRequest request = httpRequest(scenario);
        HttpResponse<byte[]> response = http.send(request.request(), HttpResponse.BodyHandlers.ofByteArray());
        return request.check().check(response.statusCode(), response.body());
    }

    /** A request of an HTTP scenario at the run's first size and the check its reply must pass. */
    public record CheckedRequest(HttpRequest request, ReplyCheck check) {
    }

    /**
     * The request the preflight sends for {@code scenario} (ws-security: secured once, valid for an hour, as the
     * ws-security plan's pool sends each secured request again), with its reply's check: also what the chain's
     * warm-up sends over and over.
     */
    public CheckedRequest httpRequest(Scenario scenario) throws IOException, InvalidRunException {
        byte[] plain = scenario.payloadFormat() == PayloadFormat.JSON ? Payloads.json(plan.sizes().get(0)) : Payloads.soap(plan.sizes().get(0));
        byte[] body = plain;
        ReplyCheck check;
        if (scenario == Scenario.WS_SECURITY) {
            WsSecurityParty client = WsSecurityParty.client(root.resolve("config/keystores"),
                    AlgorithmSuite.valueOf(plan.settings().wsSuite().toUpperCase(java.util.Locale.ROOT)));
            body = client.secure(plain, Duration.ofHours(1));
            check = ReplyChecks.forWsSecurity(plain, client);
        } else {
            check = ReplyChecks.forScenario(scenario, plain);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(profile.url(scenario))
                .timeout(TIMEOUT)
                .header("Content-Type", scenario.payloadFormat().contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (scenario.payloadFormat() == PayloadFormat.SOAP) {
            request.header("SOAPAction", "\"urn:buyStocks\"").header("routing", Payloads.ROUTING_VALUE);
        }
        return new CheckedRequest(request.build(), check);
    }

    /** One JMS request-reply of {@code scenario}, checked: null when correct, else what was wrong. */
    public String jmsOnce(Scenario scenario) throws JMSException, NamingException {
        return jms(scenario);
    }

    private String jms(Scenario scenario) throws JMSException, NamingException {
        byte[] body = Payloads.soap(plan.sizes().get(0));
        ReplyCheck check = ReplyChecks.forScenario(scenario, body);
        ConnectionFactory factory = JmsClientFactory.lookup(JmsProvider.of(profile));
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replyTo = session.createTemporaryQueue();
            Queue requests = session.createQueue(profile.endpoint(scenario));
            MessageProducer producer = session.createProducer(requests);
            TextMessage request = session.createTextMessage(new String(body, StandardCharsets.UTF_8));
            request.setJMSReplyTo(replyTo);
            producer.send(request);
            MessageConsumer consumer = session.createConsumer(replyTo);
            Message reply = consumer.receive(TIMEOUT.toMillis());
            if (reply == null) {
                return "no reply on JMSReplyTo within " + TIMEOUT.toSeconds() + " s; "
                        + whereLost(session, requests, request.getJMSMessageID());
            }
            String correlation = reply.getJMSCorrelationID();
            if (!request.getJMSMessageID().equals(correlation)) {
                return "reply correlation id " + correlation + ", expected the request's message id " + request.getJMSMessageID();
            }
            String text = reply instanceof TextMessage t ? t.getText() : null;
            if (text == null) {
                return "reply is a " + reply.getClass().getSimpleName() + " without text";
            }
            return check.check(200, text.getBytes(StandardCharsets.UTF_8));
        } finally {
            JmsClientFactory.close(factory);
        }
    }

    /**
     * Where a JMS request that got no reply was lost: still on the request queue, unacknowledged (nothing took it, or a
     * consumer holds it without acknowledging: a server not listening there, stuck, or gone without the broker noticing),
     * or taken and acknowledged (the server had it, and its reply never came back). The broker is asked, by browsing the
     * queue for the request's message id, so a failed preflight says which side to look at.
     *
     * @return the sentence that follows "no reply on JMSReplyTo within N s"
     */
    static String whereLost(Session session, Queue requests, String messageId) throws JMSException {
        try (QueueBrowser browser = session.createBrowser(requests, "JMSMessageID = '" + messageId.replace("'", "''") + "'")) {
            if (browser.getEnumeration().hasMoreElements()) {
                return "the request is still on queue " + requests.getQueueName() + ", unacknowledged: nothing took it, or"
                        + " a consumer holds it without acknowledging (is the server listening on that queue, and alive?)";
            }
        }
        return "the request was taken from queue " + requests.getQueueName() + " and acknowledged (by the server, or"
                + " another consumer of the queue), and no reply came back: the server's log says why";
    }
}
