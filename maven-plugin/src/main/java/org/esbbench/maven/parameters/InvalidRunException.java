package org.esbbench.maven.parameters;

/** A run parameter or target that cannot work; the message names the problem and the valid choices. */
public final class InvalidRunException extends Exception {
    public InvalidRunException(String message) {
        super(message);
    }
}
