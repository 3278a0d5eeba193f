package org.esbbench.esb.faults;

/**
 * A SOAP header block marked {@code mustUnderstand="1"} that this server does not process: SOAP 1.1
 * section 4.2.3 requires a MustUnderstand fault instead of silently ignoring it.
 */
public class MustUnderstandException extends RuntimeException {

    public MustUnderstandException(String header) {
        super("Header " + header + " was not understood");
    }
}
