package org.esbbench.core.wssec;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;

import org.apache.wss4j.common.util.KeyUtils;
import org.apache.wss4j.dom.WSConstants;
import org.esbbench.core.Payloads;
import org.esbbench.core.check.ReplyCheck;
import org.esbbench.core.check.ReplyChecks;
import org.esbbench.core.testing.CommittedKeystores;
import org.esbbench.core.xml.XmlDocuments;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * What WS-Security costs per message against the cryptography it cannot avoid, in one JVM, one thread, thread
 * CPU time (JIT and GC threads not counted). Not a test (no pass/fail): issue 16's first ratio.
 *
 * <p>Raw cryptography of one message, per side, with the JCA providers the parties use (the JVM's provider
 * list, whatever is installed in it):
 * <ul>
 * <li>receiving (the server's request, the client's reply): unwrap the AES key (RSA-OAEP, private key),
 * AES-CBC-decrypt the Body content, exclusive C14N + SHA-256 of the Body and the Timestamp, C14N of SignedInfo,
 * verify the RSA-SHA256 signature (public key);</li>
 * <li>sending (the server's reply, the client's request in wsMode=fresh): a fresh AES key and IV, the same C14N +
 * digests, sign SignedInfo (private key), AES-CBC-encrypt the Body content, wrap the key (public key).</li>
 * </ul>
 * Party cost: the server's {@link WsSecurityParty#verifyAndDecrypt} of a client-secured request plus its
 * {@link WsSecurityParty#secure} of the reply (what WsSecurityMediation does per message); the client's
 * ws-security reply check (wsMode=pool, per sample) and that check plus securing the request (wsMode=fresh).
 *
 * <p>Run with {@code bash core/bench/ws-crypto-cost.sh} (prints the command), or with
 * {@code java -cp ... org.esbbench.core.wssec.WsSecurityCostBenchmark [keystoreDir] [size] [suite]}.
 */
public final class WsSecurityCostBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long WARM_UP_NANOS = Long.getLong("warmupSeconds", 8) * 1_000_000_000L;
    private static final long MEASURE_NANOS = Long.getLong("measureSeconds", 5) * 1_000_000_000L;

    private WsSecurityCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path keys = args.length > 0 ? Path.of(args[0]) : CommittedKeystores.DIR;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 1024;
        AlgorithmSuite suite = args.length > 2 ? AlgorithmSuite.valueOf(args[2]) : AlgorithmSuite.MODERN;
        String command = System.getProperty("benchmark.command",
                "java ... " + WsSecurityCostBenchmark.class.getName() + " " + String.join(" ", args));

        WsSecurityParty client = WsSecurityParty.client(keys, suite);
        WsSecurityParty server = WsSecurityParty.server(keys, suite);
        byte[] plain = Payloads.soap(size);
        byte[] request = client.secure(plain);
        byte[] reply = server.secure(plain);
        RawCrypto raw = new RawCrypto(PartyKeys.load(keys, TestKeystores.CLIENT_ALIAS, TestKeystores.SERVER_ALIAS),
                suite, plain, request);

        System.out.println("# command: " + command);
        System.out.printf("# %s, %d cores, Java %s, suite %s, SOAP body %d B, thread CPU time, warm-up %d s, measure %d s%n",
                java.time.LocalDate.now(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), suite, size, WARM_UP_NANOS / 1_000_000_000L,
                MEASURE_NANOS / 1_000_000_000L);
        System.out.println("# providers: " + Arrays.stream(Security.getProviders()).limit(4)
                .map(p -> p.getName()).collect(Collectors.joining(", ")) + ", ...; " + raw.providers());

        if (Boolean.getBoolean("partiesOnly")) { // for a profiler: the parties' work alone, ~30 s
            ReplyCheck check = ReplyChecks.forWsSecurity(plain, client);
            System.out.printf("server %.1f us, client pool %.1f us%n",
                    micros(() -> server.secure(server.verifyAndDecrypt(request))),
                    micros(() -> requireOk(check.check(200, reply))));
            return;
        }
        Map<String, Double> ops = new LinkedHashMap<>();
        ops.put("RSA private: sign SignedInfo", micros(raw::sign));
        ops.put("RSA private: unwrap key (" + raw.keyTransport + ")", micros(raw::unwrap));
        ops.put("RSA public: verify signature", micros(raw::verify));
        ops.put("RSA public: wrap key", micros(raw::wrap));
        ops.put("AES-CBC encrypt Body content", micros(raw::encrypt));
        ops.put("AES-CBC decrypt Body content", micros(raw::decrypt));
        ops.put("new AES key + IV (SecureRandom)", micros(raw::newKeyAndIv));
        ops.put("exclusive C14N + digest Body, Timestamp", micros(raw::canonicalDigests));
        ops.put("exclusive C14N SignedInfo", micros(raw::canonicalSignedInfo));
        ops.put("(not counted) DOM parse + serialise", micros(raw::parseAndSerialise));
        System.out.printf("%n%-44s %10s%n", "raw operation", "us/op");
        ops.forEach((name, us) -> System.out.printf("%-44s %10.1f%n", name, us));

        double receive = ops.get("RSA private: unwrap key (" + raw.keyTransport + ")")
                + ops.get("RSA public: verify signature") + ops.get("AES-CBC decrypt Body content")
                + ops.get("exclusive C14N + digest Body, Timestamp") + ops.get("exclusive C14N SignedInfo");
        double send = ops.get("RSA private: sign SignedInfo") + ops.get("RSA public: wrap key")
                + ops.get("AES-CBC encrypt Body content") + ops.get("new AES key + IV (SecureRandom)")
                + ops.get("exclusive C14N + digest Body, Timestamp") + ops.get("exclusive C14N SignedInfo");

        ReplyCheck check = ReplyChecks.forWsSecurity(plain, client);
        double serverParty = micros(() -> server.secure(server.verifyAndDecrypt(request)));
        double clientPool = micros(() -> requireOk(check.check(200, reply)));
        double clientFresh = micros(() -> {
            client.secure(plain);
            requireOk(check.check(200, reply));
        });
        System.out.printf("%n%-34s %14s %12s %10s%n", "side (per message)", "raw crypto us", "party us", "party/raw");
        row("server (verify+decrypt, secure)", receive + send, serverParty);
        row("client wsMode=pool (reply check)", receive, clientPool);
        row("client wsMode=fresh (secure+check)", receive + send, clientFresh);
        System.out.println("\n# targets (issue 16): client party/raw <= 2; server party <= 2 x (raw + the direct route's"
                + " server us/msg from the same suite run: reference-esb/bench/ws-security-ratio.sh)");
    }

    private static void row(String side, double raw, double party) {
        System.out.printf("%-34s %14.1f %12.1f %9.2fx%n", side, raw, party, party / raw);
    }

    private static void requireOk(Object failure) {
        if (failure != null) {
            throw new IllegalStateException("the reply check refused a good reply: " + failure);
        }
    }

    private static String signatureJca(AlgorithmSuite suite) {
        return suite == AlgorithmSuite.MODERN ? "SHA256withRSA" : "SHA1withRSA";
    }

    interface Work {
        void run() throws Exception;
    }

    /** Thread CPU microseconds per call of {@code work}, after a warm-up. */
    private static double micros(Work work) throws Exception {
        loop(work, WARM_UP_NANOS);
        return loop(work, MEASURE_NANOS);
    }

    private static double loop(Work work, long nanos) throws Exception {
        long wallStart = System.nanoTime();
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        long count = 0;
        do {
            work.run();
            count++;
        } while (System.nanoTime() - wallStart < nanos);
        return (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1000.0 / count;
    }

    /** The JCA and C14N operations of one message, on the same keys, algorithms and document the parties use. */
    private static final class RawCrypto {

        private final PrivateKey privateKey;
        private final PublicKey peerPublicKey;
        private final PublicKey ownPublicKey;
        private final String signatureAlgorithm;
        private final String digestAlgorithm;
        private final String keyTransport;
        private final String symmetric;
        private final int symmetricBits;
        private final SecureRandom random = new SecureRandom();
        private final byte[] bodyContent;
        private final byte[] signedInfo;
        private final byte[] signature;
        private final byte[] wrappedKey;
        private final SecretKey aesKey;
        private final byte[] iv = new byte[16];
        private final byte[] encryptedBody;
        private final Element plainBody;
        private final Element timestamp;
        private final Element signedInfoElement;
        private final byte[] secured;

        RawCrypto(PartyKeys keys, AlgorithmSuite suite, byte[] plain, byte[] securedRequest) throws Exception {
            this.privateKey = keys.crypto.getPrivateKey(keys.alias, TestKeystores.PASSWORD);
            this.peerPublicKey = keys.peerCertificate.getPublicKey();
            this.ownPublicKey = keys.certificate.getPublicKey();
            this.signatureAlgorithm = signatureJca(suite);
            this.digestAlgorithm = suite == AlgorithmSuite.MODERN ? "SHA-256" : "SHA-1";
            // The JCA names Apache Santuario maps the suite's URIs to.
            this.keyTransport = suite == AlgorithmSuite.MODERN ? "RSA/ECB/OAEPWithSHA1AndMGF1Padding" : "RSA/ECB/PKCS1Padding";
            this.symmetric = "AES/CBC/ISO10126Padding";
            this.symmetricBits = KeyUtils.getKeyLength(suite.encryptionAlgorithm()) * 8;
            this.secured = securedRequest;

            Document plainDocument = XmlDocuments.parse(plain);
            this.plainBody = XmlDocuments.soapBody(plainDocument);
            this.bodyContent = innerContent(plain);
            Document securedDocument = XmlDocuments.parse(securedRequest);
            this.timestamp = (Element) securedDocument.getElementsByTagNameNS(WSConstants.WSU_NS, "Timestamp").item(0);
            this.signedInfoElement = (Element) securedDocument.getElementsByTagNameNS(WSConstants.SIG_NS, "SignedInfo").item(0);
            this.signedInfo = XmlDocuments.canonicalize(signedInfoElement);

            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(symmetricBits);
            this.aesKey = generator.generateKey();
            random.nextBytes(iv);
            this.signature = sign();
            this.wrappedKey = wrapFor(ownPublicKey);
            this.encryptedBody = encrypt();
        }

        private static byte[] innerContent(byte[] plain) {
            String text = new String(plain, StandardCharsets.UTF_8);
            int start = text.indexOf('>', text.indexOf("Body")) + 1;
            int end = text.lastIndexOf("</", text.lastIndexOf("Body"));
            return text.substring(start, end).getBytes(StandardCharsets.UTF_8);
        }

        String providers() throws Exception {
            Signature signer = Signature.getInstance(signatureAlgorithm);
            signer.initSign(privateKey);
            Cipher unwrapper = Cipher.getInstance(keyTransport);
            unwrapper.init(Cipher.UNWRAP_MODE, privateKey);
            Cipher aes = Cipher.getInstance(symmetric);
            aes.init(Cipher.DECRYPT_MODE, aesKey, new IvParameterSpec(iv));
            return "sign by " + signer.getProvider().getName() + ", unwrap by " + unwrapper.getProvider().getName()
                + ", AES by " + aes.getProvider().getName();
        }

        byte[] sign() throws Exception {
            Signature signer = Signature.getInstance(signatureAlgorithm);
            signer.initSign(privateKey);
            signer.update(signedInfo);
            return signer.sign();
        }

        void verify() throws Exception {
            Signature verifier = Signature.getInstance(signatureAlgorithm);
            verifier.initVerify(ownPublicKey);
            verifier.update(signedInfo);
            if (!verifier.verify(signature)) {
                throw new IllegalStateException("signature does not verify");
            }
        }

        void wrap() throws Exception {
            wrapFor(peerPublicKey);
        }

        private byte[] wrapFor(PublicKey key) throws Exception {
            Cipher cipher = Cipher.getInstance(keyTransport);
            cipher.init(Cipher.WRAP_MODE, key);
            return cipher.wrap(aesKey);
        }

        void unwrap() throws Exception {
            Cipher cipher = Cipher.getInstance(keyTransport);
            cipher.init(Cipher.UNWRAP_MODE, privateKey);
            cipher.unwrap(wrappedKey, "AES", Cipher.SECRET_KEY);
        }

        byte[] encrypt() throws Exception {
            Cipher cipher = Cipher.getInstance(symmetric);
            cipher.init(Cipher.ENCRYPT_MODE, aesKey, new IvParameterSpec(iv));
            return cipher.doFinal(bodyContent);
        }

        void decrypt() throws Exception {
            Cipher cipher = Cipher.getInstance(symmetric);
            cipher.init(Cipher.DECRYPT_MODE, aesKey, new IvParameterSpec(iv));
            cipher.doFinal(encryptedBody);
        }

        void newKeyAndIv() throws Exception {
            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(symmetricBits, random);
            generator.generateKey();
            random.nextBytes(new byte[16]);
        }

        void canonicalDigests() throws Exception {
            MessageDigest digest = MessageDigest.getInstance(digestAlgorithm);
            digest.digest(XmlDocuments.canonicalize(plainBody));
            digest.digest(XmlDocuments.canonicalize(timestamp));
        }

        void canonicalSignedInfo() {
            XmlDocuments.canonicalize(signedInfoElement);
        }

        void parseAndSerialise() throws Exception {
            XmlDocuments.serialize(XmlDocuments.parse(secured));
        }
    }

}
