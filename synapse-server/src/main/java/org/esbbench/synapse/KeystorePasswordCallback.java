package org.esbbench.synapse;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.ws.security.WSPasswordCallback;

/**
 * Rampart asks this class (the policy's {@code passwordCallbackClass}) for the password of the server's private key
 * in {@code repository/conf/security/server.p12}: the test keystore of {@code config/keystores}, whose keys are
 * public and serve tests only.
 */
public final class KeystorePasswordCallback implements CallbackHandler {
    /** The password of config/keystores/server.p12 and of its keys (test only). */
    static final String PASSWORD = "changeit";

    @Override
    public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (!(callback instanceof WSPasswordCallback)) {
                throw new UnsupportedCallbackException(callback, "only WSS4J password callbacks are answered");
            }
            ((WSPasswordCallback) callback).setPassword(PASSWORD);
        }
    }
}
