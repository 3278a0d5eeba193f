package org.esbbench.esb.faults;

/** The request has no body, so there is nothing to mediate (400). */
public class MissingBodyException extends RuntimeException {

    public MissingBodyException() {
        super("Missing request body");
    }
}
