package org.esbbench.esb.faults;

/** The backend answered, but not with what a scenario needs to continue (for example not XML). */
public class BadGatewayReplyException extends RuntimeException {

    public BadGatewayReplyException(String message, Throwable cause) {
        super(message, cause);
    }
}
