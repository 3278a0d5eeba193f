package org.esbbench.esb.faults;

/** The request body is not well-formed XML or JSON, or not the SOAP message a scenario expects (400). */
public class MalformedRequestException extends RuntimeException {

    public MalformedRequestException(String message) {
        super(message);
    }

    public MalformedRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
