package org.esbbench.esb.http;

import java.util.ArrayList;
import java.util.List;

import org.esbbench.core.PayloadFormat;
import org.esbbench.core.Scenario;
import org.esbbench.esb.EsbSettings;
import org.esbbench.esb.faults.FaultReply;

/**
 * Which kind of error body a request path gets when it is turned away before any route sees it (a
 * malformed request line, a broken chunk, a stalled body): a SOAP fault at a SOAP proxy's path or
 * sub-path, a JSON error at the REST path and {@code /health}, plain text anywhere else. Paths are the
 * ones the routes listen on ({@code esb.endpoint.<id>}, else core's catalogue).
 */
public final class PathFaultFormats {

    /** How a rejection's body is written. */
    public enum Kind { SOAP, JSON, PLAIN }

    private record Entry(String path, boolean prefix, Kind kind) {
    }

    private final List<Entry> entries;

    private PathFaultFormats(List<Entry> entries) {
        this.entries = entries;
    }

    public static PathFaultFormats of(EsbSettings settings, String healthPath) {
        List<Entry> entries = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            if (!scenario.isHttp()) {
                continue;
            }
            String configured = settings.getOrEmpty("esb.endpoint." + scenario.id());
            String path = configured.isEmpty() ? scenario.defaultEndpoint() : configured;
            boolean soap = scenario.payloadFormat() == PayloadFormat.SOAP;
            entries.add(new Entry(path, soap, soap ? Kind.SOAP : Kind.JSON));
        }
        entries.add(new Entry(healthPath, false, Kind.JSON));
        return new PathFaultFormats(List.copyOf(entries));
    }

    /** @param requestTarget as received: origin-form, absolute-form, or anything a client sent */
    public Kind kindOf(String requestTarget) {
        String path = pathOf(requestTarget);
        for (Entry entry : entries) {
            if (path.equals(entry.path())
                    || entry.prefix() && path.startsWith(entry.path()) && path.charAt(entry.path().length()) == '/') {
                return entry.kind();
            }
        }
        return Kind.PLAIN;
    }

    /** The fault format of the routes, for a kind that has one. */
    public static FaultReply.Format faultFormat(Kind kind) {
        return kind == Kind.JSON ? FaultReply.Format.JSON : FaultReply.Format.SOAP;
    }

    static String pathOf(String requestTarget) {
        if (requestTarget == null) {
            return "";
        }
        String path = requestTarget;
        int scheme = path.indexOf("://");
        if (!path.startsWith("/") && scheme >= 0) {
            int slash = path.indexOf('/', scheme + 3);
            path = slash < 0 ? "/" : path.substring(slash);
        }
        int end = path.length();
        for (char c : new char[] {'?', '#'}) {
            int at = path.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return path.substring(0, end);
    }
}
