package org.esbbench.maven.checks;

import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;

/**
 * Where a JMS request that got no reply was lost: still on the request queue, unacknowledged (nothing took it, or a
 * consumer holds it without acknowledging: a server not listening there, stuck, or gone without the broker noticing),
 * or taken and acknowledged (the server had it, and its reply never came back). The broker is asked, by browsing the
 * queue for the request's message id, so a failed preflight says which side to look at.
 */
final class UnansweredRequest {
    private UnansweredRequest() {
    }

    /** @return the sentence that follows "no reply on JMSReplyTo within N s" */
    static String where(Session session, Queue requests, String messageId) throws JMSException {
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
