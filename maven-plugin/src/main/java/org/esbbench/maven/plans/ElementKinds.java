package org.esbbench.maven.plans;

import java.util.Map;

/** The names the JMeter GUI shows for an element's kind ("HTTP Request", "View Results Tree", ...). */
final class ElementKinds {

    private static final Map<String, String> BY_TESTCLASS = Map.ofEntries(
            Map.entry("TestPlan", "Test Plan"),
            Map.entry("ThreadGroup", "Thread Group"),
            Map.entry("SetupThreadGroup", "setUp Thread Group"),
            Map.entry("PostThreadGroup", "tearDown Thread Group"),
            Map.entry("OpenModelThreadGroup", "Open Model Thread Group"),
            Map.entry("org.esbbench.jmeter.arrivals.ScheduledArrivalsThreadGroup", "Scheduled Arrivals Thread Group"),
            Map.entry("com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup", "Concurrency Thread Group"),
            Map.entry("com.blazemeter.jmeter.threads.arrivals.ArrivalsThreadGroup", "Arrivals Thread Group"),
            Map.entry("com.blazemeter.jmeter.threads.arrivals.FreeFormArrivalsThreadGroup",
                    "Free-Form Arrivals Thread Group"),
            Map.entry("kg.apc.jmeter.threads.UltimateThreadGroup", "Ultimate Thread Group"),
            Map.entry("kg.apc.jmeter.threads.SteppingThreadGroup", "Stepping Thread Group"),
            Map.entry("HTTPSamplerProxy", "HTTP Request"),
            Map.entry("JMSSampler", "JMS Point-to-Point"),
            Map.entry("DebugSampler", "Debug Sampler"),
            Map.entry("TCPSampler", "TCP Sampler"),
            Map.entry("JDBCSampler", "JDBC Request"),
            Map.entry("ModuleController", "Module Controller"),
            Map.entry("IncludeController", "Include Controller"),
            Map.entry("TestFragmentController", "Test Fragment"),
            Map.entry("GenericController", "Simple Controller"),
            Map.entry("IfController", "If Controller"),
            Map.entry("LoopController", "Loop Controller"),
            Map.entry("TransactionController", "Transaction Controller"),
            Map.entry("ResponseAssertion", "Response Assertion"),
            Map.entry("XPath2Assertion", "XPath2 Assertion"),
            Map.entry("JSONPathAssertion", "JSON Assertion"),
            Map.entry("org.esbbench.jmeter.ScenarioReplyAssertion", "Scenario Reply Assertion"),
            Map.entry("HeaderManager", "HTTP Header Manager"),
            Map.entry("Arguments", "User Defined Variables"),
            Map.entry("BackendListener", "Backend Listener"),
            Map.entry("ResultSaver", "Save Responses to a file"),
            Map.entry("kg.apc.jmeter.perfmon.PerfMonCollector", "PerfMon Metrics Collector"));

    private static final Map<String, String> BY_GUICLASS = Map.ofEntries(
            Map.entry("HttpDefaultsGui", "HTTP Request Defaults"),
            Map.entry("ViewResultsFullVisualizer", "View Results Tree"),
            Map.entry("StatVisualizer", "Aggregate Report"),
            Map.entry("SummaryReport", "Summary Report"),
            Map.entry("SimpleDataWriter", "Simple Data Writer"),
            Map.entry("TableVisualizer", "View Results in Table"),
            Map.entry("GraphVisualizer", "Graph Results"),
            Map.entry("RespTimeGraphVisualizer", "Response Time Graph"),
            Map.entry("StatGraphVisualizer", "Aggregate Graph"),
            Map.entry("AssertionVisualizer", "Assertion Results"),
            Map.entry("ComparisonVisualizer", "Comparison Assertion Visualizer"),
            Map.entry("MailerVisualizer", "Mailer Visualizer"));

    private ElementKinds() {
    }

    static String of(PlanElement element) {
        String byGui = BY_GUICLASS.get(simpleName(element.guiclass()));
        if (byGui != null) {
            return byGui;
        }
        String byTest = BY_TESTCLASS.get(element.testclass());
        if (byTest != null) {
            return byTest;
        }
        String simple = simpleName(element.testclass());
        if (simple.startsWith("JSR223") && simple.length() > 6) {
            return "JSR223 " + simple.substring(6);
        }
        if (simple.startsWith("BeanShell") && simple.length() > 9) {
            return "BeanShell " + simple.substring(9);
        }
        if (element.testclass().startsWith("kg.apc.") && !element.guiclass().isEmpty()) {
            // e.g. kg.apc.jmeter.vizualizers.ResponseTimesOverTimeGui: jp@gc - Response Times Over Time
            return "jp@gc - " + simpleName(element.guiclass()).replaceFirst("Gui$", "")
                    .replaceAll("(?<=[a-z0-9])(?=[A-Z])", " ");
        }
        if (simple.equals("ResultCollector")) {
            return "listener";
        }
        return simple;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
