package org.esbbench.maven.checks;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.esbbench.core.Payloads;
import org.esbbench.core.Scenario;

/**
 * The preflight's second request for the content-based routing scenarios: one that must NOT match the route
 * (docs/scenarios.md): cbr-body with the first order for another symbol, cbr-soap-header with a wrong routing
 * header block, cbr-transport-header with a wrong {@code routing} HTTP header. The server must refuse it with
 * status 500 and a SOAP fault; a server that forwards everything (status 200, the request echoed) is not routing,
 * and its figures would be those of the direct scenario.
 */
final class RoutingMismatch {
    /** The faultstring each scenario's mismatch gets from the reference server; another server may word it its own way. */
    static final Map<Scenario, String> DOCUMENTED_FAULTS = Map.of(
            Scenario.CBR_BODY, "First order must be for the symbol IBM",
            Scenario.CBR_SOAP_HEADER, "Invalid routing header",
            Scenario.CBR_TRANSPORT_HEADER, "Invalid routing header");
    private static final Pattern FAULT = Pattern.compile("<(?:[\\w.-]+:)?Fault[\\s>/]");
    private static final Pattern FAULT_STRING = Pattern.compile("<faultstring[^>]*>([^<]*)</faultstring>");

    /** A request that must not match: its body and its routing HTTP header. */
    record Request(byte[] body, String routingHeader, String what) {
    }

    private RoutingMismatch() {
    }

    static boolean applies(Scenario scenario) {
        return DOCUMENTED_FAULTS.containsKey(scenario);
    }

    static Request request(Scenario scenario, int size) {
        return switch (scenario) {
            case CBR_BODY -> new Request(Payloads.soapFirstSymbolNotIbm(size), Payloads.ROUTING_VALUE,
                    "first order for " + Payloads.NOT_IBM_SYMBOL);
            case CBR_SOAP_HEADER -> new Request(Payloads.soapWithWrongRouting(size), Payloads.ROUTING_VALUE,
                    "SOAP routing header " + Payloads.WRONG_ROUTING_VALUE);
            case CBR_TRANSPORT_HEADER -> new Request(Payloads.soap(size), Payloads.WRONG_ROUTING_VALUE,
                    "HTTP header routing: " + Payloads.WRONG_ROUTING_VALUE);
            default -> throw new IllegalArgumentException(scenario.id() + " does not route on content");
        };
    }

    /**
     * Why the reply to a mismatch is wrong, or null when it is the expected refusal: status 500 and a SOAP fault.
     */
    static String problem(int status, byte[] reply) {
        String text = reply == null ? "" : new String(reply, StandardCharsets.UTF_8);
        boolean fault = FAULT.matcher(text).find();
        if (status == 500 && fault) {
            return null;
        }
        String excerpt = text.replaceAll("\\s+", " ").strip();
        excerpt = excerpt.length() > 120 ? excerpt.substring(0, 120) + "..." : excerpt;
        return "a request that must not match the route got status " + status
                + (fault ? "" : " without a SOAP fault") + (status == 200 ? " (the server forwards what it should refuse)" : "")
                + "; expected 500 with a SOAP fault" + (excerpt.isEmpty() ? "" : "; body: " + excerpt);
    }

    /** The fault's faultstring, if any. */
    static Optional<String> faultString(byte[] reply) {
        Matcher m = FAULT_STRING.matcher(reply == null ? "" : new String(reply, StandardCharsets.UTF_8));
        return m.find() ? Optional.of(m.group(1).strip()) : Optional.empty();
    }
}
