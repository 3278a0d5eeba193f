package org.esbbench.core.check;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Every scenario's reply has status 200 and a non-empty body; then the scenario's body rule applies. */
final class StatusThenBody implements ReplyCheck {

    static final int EXPECTED_STATUS = 200;
    private static final int EXCERPT = 160;
    private static final Pattern FAULT_STRING = Pattern.compile("<faultstring[^>]*>([^<]*)</faultstring>");

    private final BodyCheck body;

    StatusThenBody(BodyCheck body) {
        this.body = body;
    }

    @Override
    public String check(int status, byte[] reply) {
        int length = reply == null ? 0 : reply.length;
        if (status != EXPECTED_STATUS) {
            // A fault's text says why the server refused; it is short and worth carrying along.
            return "status " + status + ", expected " + EXPECTED_STATUS
                    + (length == 0 ? " (empty body)" : ": " + excerpt(reply));
        }
        if (length == 0) {
            return "empty reply body with status " + status;
        }
        return body.difference(reply);
    }

    /** The SOAP fault's reason when there is one, else the start of the body. */
    private static String excerpt(byte[] reply) {
        String text = new String(reply, 0, Math.min(reply.length, EXCERPT * 16), StandardCharsets.UTF_8);
        Matcher fault = FAULT_STRING.matcher(text);
        text = (fault.find() ? "fault \"" + fault.group(1) + "\"" : text).replaceAll("\\s+", " ").strip();
        return text.length() > EXCERPT ? text.substring(0, EXCERPT) + "..." : text;
    }
}
