package org.esbbench.jmeter.gui;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The child JVM's side of {@link OnXDisplay}: runs one test class with JUnit's launcher, on the display it was given,
 * and writes each test's outcome to a file the parent reads back.
 *
 * <p>Usage: {@code ChildTestRunner <test class> <results file>}. The file holds, per test method, {@code SUCCESSFUL},
 * {@code ABORTED <message>} or {@code FAILED <stack trace>}; a failure of the class itself (its set-up) is under the
 * key {@link #CLASS_KEY}.
 */
public final class ChildTestRunner {
    static final String CLASS_KEY = "(class)";

    private ChildTestRunner() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> testClass = Class.forName(args[0]);
        Path resultsFile = Path.of(args[1]);
        Properties results = new Properties();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass)).build();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                String key = id.getSource().filter(MethodSource.class::isInstance)
                        .map(s -> ((MethodSource) s).getMethodName())
                        .orElse(id.isTest() ? id.getDisplayName() : CLASS_KEY);
                if (!id.isTest() && result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                    return; // containers report only their failures
                }
                results.setProperty(key, outcome(result));
            }

            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                if (id.isTest()) {
                    results.setProperty(id.getSource().filter(MethodSource.class::isInstance)
                            .map(s -> ((MethodSource) s).getMethodName()).orElse(id.getDisplayName()),
                            "ABORTED " + reason);
                }
            }
        });
        try (OutputStream out = Files.newOutputStream(resultsFile)) {
            results.store(out, "outcomes of " + testClass.getName() + " on DISPLAY=" + System.getenv("DISPLAY"));
        }
        // AWT's threads would keep the JVM alive.
        System.exit(0);
    }

    private static String outcome(TestExecutionResult result) {
        return switch (result.getStatus()) {
            case SUCCESSFUL -> "SUCCESSFUL";
            case ABORTED -> "ABORTED " + result.getThrowable().map(Throwable::getMessage).orElse("");
            case FAILED -> "FAILED " + result.getThrowable().map(ChildTestRunner::trace).orElse("");
        };
    }

    private static String trace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
