package org.esbbench.jmeter.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives a remote JMeter engine its own share of the run's load. JMeter's client sends the same global properties
 * ({@code -G}) to every engine, so it cannot say "2 users here, 1 there"; the suite therefore sends
 * {@code -Gusers=0 -Grate=0} plus two maps keyed by each engine's {@code -R} address
 * ({@code -Gesbbench.share.users=127.0.0.1:50001=2,127.0.0.1:50003=1}, the same for {@code rate}). Before the
 * thread groups read {@code ${__P(users)}} and the open model's schedule, the engine calls
 * {@link #testStarted(String)} with exactly that address, and this listener sets {@code users} and {@code rate}
 * to the engine's entries. An engine without this hook keeps users=0 and rate=0 and runs nothing: the load is
 * never multiplied by the number of engines.
 *
 * <p>It is installed by the engine's {@code jsr223.init.file} ({@code scripts/jmeter/engine-init.groovy}) through
 * {@link StandardJMeterEngine#register}, whose list JMeter empties at every test: the listener registers itself
 * again in {@link #testStarted(String)}, for the next test of the persistent engine.
 */
public final class EngineLoadShare implements TestStateListener {

    public static final String USERS = "esbbench.share.users";
    public static final String RATE = "esbbench.share.rate";
    /** Printed once the hook is in place: the suite's readiness line for an engine it started. */
    public static final String INSTALLED_LINE = "esb-bench engine hook installed";
    /** Printed at the start of every test, with the engine's share. */
    public static final String SHARE_LINE = "esb-bench engine share:";

    private static final Logger LOG = LoggerFactory.getLogger(EngineLoadShare.class);
    private static final EngineLoadShare INSTANCE = new EngineLoadShare();
    private static volatile boolean installed;
    private static volatile String host = "";

    private EngineLoadShare() {
    }

    /** Registers the hook for the engine's next test (called once, by the engine's init script). */
    public static synchronized void install() {
        StandardJMeterEngine.register(INSTANCE);
        installed = true;
        say(INSTALLED_LINE + ": engine=" + engineId());
    }

    /** Whether {@link #install()} ran in this JVM. */
    public static boolean installed() {
        return installed;
    }

    /** The {@code -R} address the current (or last) test was started with; "" before the first remote test. */
    public static String host() {
        return host;
    }

    /** The id the suite gave this engine ({@code -Desbbench.engine}), or "" for an engine started by hand. */
    static String engineId() {
        return System.getProperty("esbbench.engine", "");
    }

    @Override
    public void testStarted() {
        // A local, non-remote test: nothing to share; stay registered for the next one.
        StandardJMeterEngine.register(this);
    }

    @Override
    public void testStarted(String remoteHost) {
        // JMeter empties its list of registered listeners at every test: be there for the next one too.
        StandardJMeterEngine.register(this);
        host = remoteHost;
        String usersSpec = JMeterUtils.getPropDefault(USERS, "");
        String rateSpec = JMeterUtils.getPropDefault(RATE, "");
        Map<String, Integer> users = parse(usersSpec);
        Map<String, Integer> rate = parse(rateSpec);
        int myUsers = users.getOrDefault(remoteHost, 0);
        int myRate = rate.getOrDefault(remoteHost, 0);
        JMeterUtils.setProperty("users", Integer.toString(myUsers));
        JMeterUtils.setProperty("rate", Integer.toString(myRate));
        say(SHARE_LINE + " engine=" + engineId() + " host=" + remoteHost + " users=" + myUsers + " rate=" + myRate
                + " (total users=" + sum(users) + " rate=" + sum(rate) + ", " + Math.max(users.size(), rate.size())
                + " engines)");
    }

    @Override
    public void testEnded() {
        // nothing: local tests are not shared
    }

    @Override
    public void testEnded(String remoteHost) {
        JMeterContextService.ThreadCounts counts = JMeterContextService.getThreadCounts();
        say("esb-bench engine end: engine=" + engineId() + " host=" + remoteHost + " startedThreads="
                + counts.startedThreads + " finishedThreads=" + counts.finishedThreads);
    }

    /**
     * {@code address=value,address=value}: the address is everything before the last '=' (it holds a ':'),
     * entries that are not whole numbers are left out (the engine then runs nothing).
     */
    static Map<String, Integer> parse(String spec) {
        Map<String, Integer> shares = new LinkedHashMap<>();
        for (String entry : spec == null ? new String[0] : spec.split(",")) {
            int eq = entry.lastIndexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                shares.put(entry.substring(0, eq).trim(), Integer.parseInt(entry.substring(eq + 1).trim()));
            } catch (NumberFormatException e) {
                LOG.warn("esb-bench: ignoring share entry '{}'", entry);
            }
        }
        return shares;
    }

    private static int sum(Map<String, Integer> shares) {
        return shares.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** To the engine's stdout (the suite watches it) and to its log. */
    private static void say(String line) {
        System.out.println(line);
        LOG.info(line);
    }
}
