package org.esbbench.esb.faults;

/**
 * What the client is told when a request cannot be served: the HTTP status, a SOAP 1.1 fault code
 * (qualified name; also used as the error code of JSON replies) and a human-readable reason.
 */
public record Fault(int status, String code, String reason) {

    public static final String CLIENT = "soapenv:Client";
    public static final String SERVER = "soapenv:Server";
    public static final String MUST_UNDERSTAND = "soapenv:MustUnderstand";

    public static Fault client(int status, String reason) {
        return new Fault(status, CLIENT, reason);
    }

    public static Fault server(int status, String reason) {
        return new Fault(status, SERVER, reason);
    }
}
