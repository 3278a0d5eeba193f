package org.esbbench.jmeter.gui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * Where the GUI test finds its plan and puts its output, and a JMeter ready to load a plan as its GUI does: a JMeter
 * home of JMeter's own bin/*.properties (from its ApacheJMeter_config jar, on the test class path), loaded as
 * JMeter's start loads them, so {@link SaveService} reads a .jmx exactly as File > Open does.
 */
final class GuiTestFiles {
    /** Overrides the plan the test opens. */
    static final String PLAN_PROPERTY = "esbbench.gui.plan";
    private static final List<String> BIN_FILES = List.of("jmeter.properties", "saveservice.properties",
            "upgrade.properties", "system.properties", "user.properties");
    private static boolean initialised;

    private GuiTestFiles() {
    }

    private static Path moduleDir() {
        return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
    }

    /** The standard plan with the open-model group: jmx/soap-http.jmx of the checkout. */
    static Path plan() {
        String given = System.getProperty(PLAN_PROPERTY);
        return given != null ? Path.of(given) : moduleDir().resolve("../jmx/soap-http.jmx").normalize();
    }

    /** target/gui-it: the child JVM's log and results, the Xvfb log, the panel's pictures. */
    static Path outputDir() {
        return moduleDir().resolve("target/gui-it");
    }

    /** JMeter initialised once per JVM on a home under target/gui-it/jmeter-home. */
    static synchronized void initJMeter() throws IOException {
        if (initialised) {
            return;
        }
        Path home = outputDir().resolve("jmeter-home");
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib/ext"));
        for (String name : BIN_FILES) {
            try (InputStream in = GuiTestFiles.class.getResourceAsStream("/bin/" + name)) {
                if (in == null) {
                    throw new IOException("bin/" + name + " is not on the test class path (ApacheJMeter_config)");
                }
                Files.copy(in, bin.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        JMeterUtils.initLocale();
        initialised = true;
    }

    /** The plan's tree as JMeter's File > Open reads it. */
    static HashTree loadPlan(Path plan) throws IOException {
        initJMeter();
        return SaveService.loadTree(new File(plan.toString()));
    }
}
