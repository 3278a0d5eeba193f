package org.esbbench.core.wssec;

/**
 * A message that fails WS-Security processing: no or broken security header, a signature that does not
 * verify or does not cover Body and Timestamp, a Body that was not encrypted or cannot be decrypted, an
 * expired Timestamp, a signer other than the peer. Unchecked, so the JMeter checks and the server's
 * mediation can let it travel to their own error handling.
 */
public class WsSecurityFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The generic WS-Security 1.0 fault code when no more precise one applies. */
    public static final String INVALID_SECURITY = "wsse:InvalidSecurity";

    private final String faultCode;

    public WsSecurityFailure(String faultCode, String message, Throwable cause) {
        super(message, cause);
        this.faultCode = faultCode == null || faultCode.isBlank() ? INVALID_SECURITY : faultCode;
    }

    public WsSecurityFailure(String faultCode, String message) {
        this(faultCode, message, null);
    }

    /**
     * The WS-Security 1.0 fault code as a prefixed QName ({@code wsse:FailedCheck},
     * {@code wsse:MessageExpired}, {@code wsse:InvalidSecurity}, ...), for a SOAP fault's faultcode.
     */
    public String faultCode() {
        return faultCode;
    }
}
