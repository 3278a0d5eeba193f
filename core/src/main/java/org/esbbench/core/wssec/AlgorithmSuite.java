package org.esbbench.core.wssec;

import org.apache.wss4j.common.WSS4JConstants;

/**
 * The two WS-Security algorithm suites of docs/scenarios.md, named after the WS-SecurityPolicy suites they
 * are, so another server under test can be configured with the same policy. Both use exclusive C14N and
 * need the 2048-bit RSA keys of the test keystores.
 */
public enum AlgorithmSuite {

    /**
     * Basic256Sha256, the default: AES-256-CBC content encryption, RSA-OAEP (MGF1) key transport,
     * RSA-SHA256 signatures over SHA-256 digests. CBC rather than GCM because Basic256Sha256 is what
     * integration servers' policy engines (Rampart, CXF, WSO2) offer out of the box.
     */
    MODERN("Basic256Sha256", WSS4JConstants.AES_256, WSS4JConstants.KEYTRANSPORT_RSAOAEP,
            WSS4JConstants.RSA_SHA256, WSS4JConstants.SHA256),

    /**
     * Basic128Rsa15, the classic benchmark suite (for comparison with old published figures): AES-128-CBC,
     * RSA PKCS#1 v1.5 key transport, RSA-SHA1 over SHA-1 digests. Not secure today; test use only.
     */
    CLASSIC("Basic128Rsa15", WSS4JConstants.AES_128, WSS4JConstants.KEYTRANSPORT_RSA15,
            WSS4JConstants.RSA_SHA1, WSS4JConstants.SHA1);

    private final String policyName;
    private final String encryption;
    private final String keyTransport;
    private final String signature;
    private final String digest;

    AlgorithmSuite(String policyName, String encryption, String keyTransport, String signature, String digest) {
        this.policyName = policyName;
        this.encryption = encryption;
        this.keyTransport = keyTransport;
        this.signature = signature;
        this.digest = digest;
    }

    /** The WS-SecurityPolicy algorithm suite name. */
    public String policyName() {
        return policyName;
    }

    /** Symmetric algorithm URI that encrypts the Body content. */
    public String encryptionAlgorithm() {
        return encryption;
    }

    /** Asymmetric algorithm URI that wraps the symmetric key for the peer. */
    public String keyTransportAlgorithm() {
        return keyTransport;
    }

    public String signatureAlgorithm() {
        return signature;
    }

    public String digestAlgorithm() {
        return digest;
    }

    /** Exclusive C14N without comments, for the signature and its references. */
    public String canonicalizationAlgorithm() {
        return WSS4JConstants.C14N_EXCL_OMIT_COMMENTS;
    }
}
