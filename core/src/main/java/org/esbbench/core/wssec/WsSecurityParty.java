package org.esbbench.core.wssec;

import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.crypto.SecretKey;
import javax.xml.XMLConstants;

import org.apache.wss4j.common.WSEncryptionPart;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.common.util.KeyUtils;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.WSDataRef;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.apache.wss4j.dom.message.WSSecEncrypt;
import org.apache.wss4j.dom.message.WSSecHeader;
import org.apache.wss4j.dom.message.WSSecSignature;
import org.apache.wss4j.dom.message.WSSecTimestamp;
import org.apache.wss4j.dom.message.token.Timestamp;
import org.apache.wss4j.dom.util.WSSecurityUtil;
import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * One side of the {@code ws-security} scenario (WSS4J DOM). {@link #secure} adds a Timestamp, signs
 * Body and Timestamp with this party's key and encrypts the Body content for the peer;
 * {@link #verifyAndDecrypt} does the reverse and insists on all of it: a Timestamp that has not expired,
 * a signature by the peer covering Body and Timestamp, an encrypted Body. The client and the server
 * differ only in whose key is whose.
 *
 * <p>Thread-safe: every call builds its own WSS4J objects; the keys are read-only.
 */
public final class WsSecurityParty {

    /** Timestamp lifetime of {@link #secure(byte[])}: longer than any single run's window needs. */
    public static final Duration DEFAULT_TTL = Duration.ofHours(1);

    /**
     * How old a Timestamp's Created may be. WSS4J rejects older messages by default after 5 minutes;
     * here the sender's Expires decides, so a pool of secured requests generated before a run is accepted
     * for as long as its TTL says. Replays are accepted too: a pool is sent over and over by design.
     */
    static final Duration MAX_MESSAGE_AGE = Duration.ofDays(365);

    static {
        WSSConfig.init();
    }

    private final PartyKeys keys;
    private final AlgorithmSuite suite;
    private final Clock clock;
    /**
     * One WSS4J configuration for every message: a new one per message re-creates its maps of processors and
     * validators. Shared read-only (nothing here or in WSS4J's processing changes it after creation).
     */
    private final WSSConfig wssConfig = WSSConfig.getNewInstance();

    private WsSecurityParty(PartyKeys keys, AlgorithmSuite suite, Clock clock) {
        this.keys = keys;
        this.suite = suite;
        this.clock = clock;
    }

    /**
     * The client: signs with {@code client.p12}'s key, encrypts for the server, accepts only the server's
     * signature.
     *
     * @throws IllegalArgumentException when the keystore is missing or unreadable (the message says which)
     */
    public static WsSecurityParty client(Path keystoreDir, AlgorithmSuite suite) {
        return new WsSecurityParty(PartyKeys.load(keystoreDir, TestKeystores.CLIENT_ALIAS, TestKeystores.SERVER_ALIAS),
                suite, Clock.systemUTC());
    }

    /** The server: the mirror image of {@link #client}, from {@code server.p12}. */
    public static WsSecurityParty server(Path keystoreDir, AlgorithmSuite suite) {
        return new WsSecurityParty(PartyKeys.load(keystoreDir, TestKeystores.SERVER_ALIAS, TestKeystores.CLIENT_ALIAS),
                suite, Clock.systemUTC());
    }

    /** The same party with another clock for the Timestamps it writes; lets tests make expired messages. */
    WsSecurityParty withClock(Clock otherClock) {
        return new WsSecurityParty(keys, suite, otherClock);
    }

    public AlgorithmSuite suite() {
        return suite;
    }

    /** This party's alias: {@code client} or {@code server}. */
    public String name() {
        return keys.alias;
    }

    /** {@link #secure(byte[], Duration)} with {@link #DEFAULT_TTL}. */
    public byte[] secure(byte[] soapEnvelope) {
        return secure(soapEnvelope, DEFAULT_TTL);
    }

    /**
     * The envelope with a WS-Security header: Timestamp (expiring after {@code ttl}), a signature over Body
     * and Timestamp, and the Body content encrypted for the peer.
     *
     * @throws IllegalArgumentException when {@code soapEnvelope} is not a SOAP 1.1 envelope or {@code ttl} is
     *                                  under a second
     * @throws WsSecurityFailure        when WSS4J cannot secure it
     */
    public byte[] secure(byte[] soapEnvelope, Duration ttl) {
        if (ttl.getSeconds() < 1) {
            throw new IllegalArgumentException("a Timestamp TTL must be at least 1 s, got " + ttl);
        }
        Document document = parseEnvelope(soapEnvelope, IllegalArgumentException::new);
        try {
            WSSecHeader header = new WSSecHeader(document);
            header.insertSecurityHeader();

            WSSecTimestamp timestamp = new WSSecTimestamp(header);
            timestamp.setTimeToLive((int) Math.min(Integer.MAX_VALUE, ttl.getSeconds()));
            timestamp.setWsTimeSource(clock::instant);
            timestamp.build();

            WSSecSignature signature = new WSSecSignature(header);
            signature.setUserInfo(keys.alias, TestKeystores.PASSWORD);
            signature.setKeyIdentifierType(WSConstants.BST_DIRECT_REFERENCE);
            signature.setSignatureAlgorithm(suite.signatureAlgorithm());
            signature.setDigestAlgo(suite.digestAlgorithm());
            signature.setSigCanonicalization(suite.canonicalizationAlgorithm());
            signature.getParts().add(new WSEncryptionPart(WSConstants.ELEM_BODY, WSConstants.URI_SOAP11_ENV, ""));
            signature.getParts().add(new WSEncryptionPart(WSConstants.TIMESTAMP_TOKEN_LN, WSConstants.WSU_NS, ""));
            signature.build(keys.crypto);

            WSSecEncrypt encrypt = new WSSecEncrypt(header);
            encrypt.setUseThisCert(keys.peerCertificate);
            encrypt.setKeyIdentifierType(WSConstants.ISSUER_SERIAL);
            encrypt.setSymmetricEncAlgorithm(suite.encryptionAlgorithm());
            encrypt.setKeyEncAlgo(suite.keyTransportAlgorithm());
            encrypt.getParts().add(new WSEncryptionPart(WSConstants.ELEM_BODY, WSConstants.URI_SOAP11_ENV, "Content"));
            SecretKey key = KeyUtils.getKeyGenerator(suite.encryptionAlgorithm()).generateKey();
            encrypt.build(keys.crypto, key);
        } catch (WSSecurityException e) {
            throw failure("cannot secure the message", e);
        }
        return XmlDocuments.serialize(document);
    }

    /**
     * Verifies and decrypts a message the peer secured, and returns the plain envelope: the Body
     * decrypted, the security header and the Body's signature id removed.
     *
     * @throws WsSecurityFailure when the message is not well-formed, lacks any of Timestamp, signature or
     *                           encryption, was signed by anyone but the peer, was tampered with, used
     *                           algorithms outside this party's suite, or has expired
     */
    public byte[] verifyAndDecrypt(byte[] securedEnvelope) {
        return XmlDocuments.serialize(verifyAndDecryptDocument(securedEnvelope));
    }

    /**
     * {@link #verifyAndDecrypt} without the serialisation: the plain envelope as the DOM it was decrypted
     * into, for a caller that would parse the bytes again (the client's reply check).
     *
     * @throws WsSecurityFailure as {@link #verifyAndDecrypt}
     */
    public Document verifyAndDecryptDocument(byte[] securedEnvelope) {
        Document document = parseEnvelope(securedEnvelope,
                message -> new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, message));
        WSHandlerResult result;
        try {
            result = new WSSecurityEngine().processSecurityHeader(document, requestData());
        } catch (WSSecurityException e) {
            throw failure("the message does not verify", e);
        }
        if (result == null) {
            throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the message has no WS-Security header");
        }
        Element body = XmlDocuments.soapBody(document);
        requireTimestamp(result);
        Element timestamp = ((Timestamp) result.getActionResults().get(WSConstants.TS).get(0)
                .get(WSSecurityEngineResult.TAG_TIMESTAMP)).getElement();
        requirePeerSignatureOver(result, body, timestamp);
        requireEncrypted(result, body);
        removeSecurity(document, body);
        // Decryption may leave adjacent text nodes where a parse of the same bytes gives one.
        body.normalize();
        return document;
    }

    private RequestData requestData() {
        RequestData data = new RequestData();
        data.setWssConfig(wssConfig);
        data.setSigVerCrypto(keys.crypto);
        data.setDecCrypto(keys.crypto);
        data.setCallbackHandler(keys.passwords);
        data.setTimeStampStrict(true);
        data.setRequireTimestampExpires(true);
        data.setTimeStampTTL((int) MAX_MESSAGE_AGE.getSeconds());
        data.setAllowRSA15KeyTransportAlgorithm(suite == AlgorithmSuite.CLASSIC);
        data.setAlgorithmSuite(wss4jSuite());
        return data;
    }

    /** Makes WSS4J refuse any algorithm outside this party's suite, e.g. RSA 1.5 on a MODERN server. */
    private org.apache.wss4j.common.crypto.AlgorithmSuite wss4jSuite() {
        org.apache.wss4j.common.crypto.AlgorithmSuite allowed = new org.apache.wss4j.common.crypto.AlgorithmSuite();
        allowed.addSignatureMethod(suite.signatureAlgorithm());
        allowed.addDigestAlgorithm(suite.digestAlgorithm());
        allowed.addC14nAlgorithm(suite.canonicalizationAlgorithm());
        allowed.addTransformAlgorithm(suite.canonicalizationAlgorithm());
        allowed.addEncryptionMethod(suite.encryptionAlgorithm());
        allowed.addKeyWrapAlgorithm(suite.keyTransportAlgorithm());
        allowed.setMinimumAsymmetricKeyLength(TestKeystores.KEY_BITS);
        return allowed;
    }

    private static void requireTimestamp(WSHandlerResult result) {
        if (result.getActionResults().getOrDefault(WSConstants.TS, List.of()).isEmpty()) {
            throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the message has no Timestamp");
        }
    }

    private void requirePeerSignatureOver(WSHandlerResult result, Element body, Element timestamp) {
        List<WSSecurityEngineResult> signatures = result.getActionResults().getOrDefault(WSConstants.SIGN, List.of());
        if (signatures.isEmpty()) {
            throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the message is not signed");
        }
        List<Element> signed = new ArrayList<>();
        for (WSSecurityEngineResult signature : signatures) {
            X509Certificate signer = (X509Certificate) signature.get(WSSecurityEngineResult.TAG_X509_CERTIFICATE);
            if (!keys.peerCertificate.equals(signer)) {
                throw new WsSecurityFailure("wsse:FailedAuthentication", "signed by "
                        + (signer == null ? "an unknown key" : signer.getSubjectX500Principal().getName())
                        + ", expected the " + keys.peerAlias + " " + keys.peerCertificate.getSubjectX500Principal().getName());
            }
            signed.addAll(protectedElements(signature));
        }
        if (!signed.contains(body)) {
            throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the signature does not cover the Body");
        }
        if (!signed.contains(timestamp)) {
            throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the signature does not cover the Timestamp");
        }
    }

    private static void requireEncrypted(WSHandlerResult result, Element body) {
        for (WSSecurityEngineResult encryption : result.getActionResults().getOrDefault(WSConstants.ENCR, List.of())) {
            if (protectedElements(encryption).contains(body)) {
                return;
            }
        }
        throw new WsSecurityFailure(WsSecurityFailure.INVALID_SECURITY, "the Body content was not encrypted");
    }

    @SuppressWarnings("unchecked")
    private static List<Element> protectedElements(Map<String, Object> engineResult) {
        List<WSDataRef> refs = (List<WSDataRef>) engineResult.get(WSSecurityEngineResult.TAG_DATA_REF_URIS);
        List<Element> elements = new ArrayList<>();
        if (refs != null) {
            for (WSDataRef ref : refs) {
                elements.add(ref.getProtectedElement());
            }
        }
        return elements;
    }

    /** What reaches the backend is the plain envelope: no security header, no wsu:Id on the Body. */
    private static void removeSecurity(Document document, Element body) {
        try {
            Element security = WSSecurityUtil.getSecurityHeader(document, null);
            if (security != null) {
                security.getParentNode().removeChild(security);
            }
        } catch (WSSecurityException e) {
            throw failure("the security header cannot be removed", e);
        }
        body.removeAttributeNS(WSConstants.WSU_NS, "Id");
        if (WSConstants.WSU_NS.equals(body.getAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, WSConstants.WSU_PREFIX))) {
            body.removeAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, WSConstants.WSU_PREFIX);
        }
    }

    private static <E extends RuntimeException> Document parseEnvelope(byte[] xml,
            java.util.function.Function<String, E> error) {
        Document document;
        try {
            document = XmlDocuments.parse(xml);
        } catch (SAXException e) {
            throw error.apply("not well-formed XML: " + e.getMessage());
        }
        if (XmlDocuments.soapBody(document) == null) {
            throw error.apply("not a SOAP 1.1 envelope with a Body");
        }
        return document;
    }

    private static WsSecurityFailure failure(String what, WSSecurityException e) {
        String code = e.getFaultCode() == null ? null : "wsse:" + e.getFaultCode().getLocalPart();
        return new WsSecurityFailure(code, what + ": " + e.getMessage(), e);
    }
}
