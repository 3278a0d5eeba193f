package org.esbbench.jmeter;

import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;

/**
 * The client WS-Security parties of a run, one per (keystore folder, suite), shared by every thread and by
 * both the reply check and {@link FreshSecuredRequest}. Loading the keystores is far too slow per sample,
 * and a {@link WsSecurityParty} is thread-safe (core's contract: every call builds its own WSS4J objects).
 */
final class WsSecurityClients {

    private record Key(Path keystoreDir, AlgorithmSuite suite) {
    }

    private static final ConcurrentMap<Key, WsSecurityParty> CLIENTS = new ConcurrentHashMap<>();

    private WsSecurityClients() {
    }

    /**
     * @throws IllegalArgumentException when the keystore is missing or unreadable (core's message says which)
     */
    static WsSecurityParty client(Path keystoreDir, AlgorithmSuite suite) {
        return CLIENTS.computeIfAbsent(new Key(keystoreDir, suite), key -> WsSecurityParty.client(key.keystoreDir(), key.suite()));
    }

    /** Whether the party of this folder and suite is built already (in this test: see {@link #clear}). */
    static boolean has(Path keystoreDir, AlgorithmSuite suite) {
        return CLIENTS.containsKey(new Key(keystoreDir, suite));
    }

    /** How many parties are built: what the test prepared before its load. */
    static int size() {
        return CLIENTS.size();
    }

    /** Forgets every party: a new run may use other keys. */
    static void clear() {
        CLIENTS.clear();
    }
}
