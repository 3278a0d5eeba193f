package org.esbbench.jmeter.gui;

import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

/**
 * Runs a test class's tests on an X display of 1600x1000, the screen the editor must fit, on any machine:
 * <ul>
 * <li>with Xvfb installed, in a child JVM (same class path) on an Xvfb started for it and stopped when the child
 * ends, each test's outcome reported here as its own (a JVM cannot be given a display once started: AWT reads
 * DISPLAY from the environment);</li>
 * <li>without Xvfb but with a display (DISPLAY set), in this JVM on that display;</li>
 * <li>with neither, each test skipped (a JUnit assumption), saying what to install.</li>
 * </ul>
 */
final class OnXDisplay implements BeforeAllCallback, InvocationInterceptor {
    /** Set in the child JVM: run here. */
    static final String CHILD = "esbbench.gui.child";
    private static final long CHILD_SECONDS = 300;
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(OnXDisplay.class);
    private static final String SKIPPED = "skipped";
    private static final String NO_DISPLAY = "no X display (DISPLAY unset) and no Xvfb: install Debian's xvfb"
            + " (apt-get install xvfb; scripts/gui-screenshot.sh does) or run the build under a display";

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (Boolean.getBoolean(CHILD)) {
            if (GraphicsEnvironment.isHeadless()) {
                throw new IllegalStateException("child JVM without a display: DISPLAY=" + System.getenv("DISPLAY"));
            }
            return;
        }
        Optional<Path> xvfb = XvfbServer.find();
        if (xvfb.isEmpty()) {
            if (GraphicsEnvironment.isHeadless()) {
                // Each test is reported skipped with the reason (an abort here would report no test at all).
                System.err.println("[" + context.getRequiredTestClass().getSimpleName() + "] skipped: " + NO_DISPLAY);
                context.getStore(NS).put(SKIPPED, NO_DISPLAY);
            }
            return; // this JVM's display
        }
        Class<?> testClass = context.getRequiredTestClass();
        context.getStore(NS).put(Properties.class, runInChild(xvfb.get(), testClass));
    }

    private static Properties runInChild(Path xvfb, Class<?> testClass) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(GuiTestFiles.outputDir());
        Path results = dir.resolve(testClass.getSimpleName() + ".child-results.properties");
        Path log = dir.resolve(testClass.getSimpleName() + ".child.log");
        Files.deleteIfExists(results);
        try (XvfbServer x = XvfbServer.start(xvfb, dir.resolve("xvfb.log"))) {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx512m", "-D" + CHILD + "=true", "-cp", System.getProperty("java.class.path")));
            for (String p : List.of("basedir", GuiTestFiles.PLAN_PROPERTY)) {
                if (System.getProperty(p) != null) {
                    cmd.add("-D" + p + "=" + System.getProperty(p));
                }
            }
            cmd.addAll(List.of(ChildTestRunner.class.getName(), testClass.getName(), results.toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("DISPLAY", x.display());
            Process child = pb.start();
            try {
                if (!child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("the child JVM on Xvfb " + x.display() + " did not end within "
                            + CHILD_SECONDS + " s; its log: " + log);
                }
            } finally {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            if (!Files.exists(results)) {
                throw new AssertionError("the child JVM on Xvfb " + x.display() + " (exit " + child.exitValue()
                        + ") wrote no results; its log: " + log);
            }
        }
        Properties outcomes = new Properties();
        try (InputStream in = Files.newInputStream(results)) {
            outcomes.load(in);
        }
        outcomes.setProperty("(log)", log.toString());
        return outcomes;
    }

    /** The child's outcomes when the tests ran there; empty when they run in this JVM. */
    private static Optional<Properties> childOutcomes(ExtensionContext context) {
        return Optional.ofNullable(context.getStore(NS).get(Properties.class, Properties.class));
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        String skipped = context.getStore(NS).get(SKIPPED, String.class);
        if (skipped != null) {
            invocation.skip();
            throw new TestAbortedException(skipped);
        }
        Optional<Properties> outcomes = childOutcomes(context);
        if (outcomes.isEmpty()) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        Properties o = outcomes.get();
        String name = invocationContext.getExecutable().getName();
        String outcome = o.getProperty(name);
        String where = " (in a child JVM on Xvfb " + XvfbServer.SCREEN + "; its log: " + o.getProperty("(log)") + ")";
        if (outcome == null) {
            String classFailure = o.getProperty(ChildTestRunner.CLASS_KEY);
            throw new AssertionError(classFailure != null ? "the test class failed" + where + ": " + classFailure
                    : "the child JVM did not run " + name + where);
        }
        if (outcome.startsWith("ABORTED")) {
            throw new TestAbortedException(outcome.substring("ABORTED".length()).strip() + where);
        }
        if (outcome.startsWith("FAILED")) {
            throw new AssertionError(outcome.substring("FAILED".length()).strip() + where);
        }
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) throws Throwable {
        proceedUnlessInChild(invocation, context);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation,
                                          ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext context) throws Throwable {
        proceedUnlessInChild(invocation, context);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) throws Throwable {
        proceedUnlessInChild(invocation, context);
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation,
                                        ReflectiveInvocationContext<Method> invocationContext,
                                        ExtensionContext context) throws Throwable {
        proceedUnlessInChild(invocation, context);
    }

    /** Set-up and tear-down run where the tests run, and not at all when they are skipped. */
    private static void proceedUnlessInChild(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        if (childOutcomes(context).isEmpty() && context.getStore(NS).get(SKIPPED) == null) {
            invocation.proceed();
        } else {
            invocation.skip();
        }
    }
}
