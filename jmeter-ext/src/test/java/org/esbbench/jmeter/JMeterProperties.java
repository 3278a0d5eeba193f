package org.esbbench.jmeter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.jmeter.util.JMeterUtils;

/** Gives JMeter an (empty) property set, as a test plan run would, so its static lookups work quietly. */
final class JMeterProperties {

    private static boolean loaded;

    private JMeterProperties() {
    }

    static synchronized void load() {
        if (loaded) {
            return;
        }
        try {
            Path file = Files.createTempFile("jmeter", ".properties");
            file.toFile().deleteOnExit();
            JMeterUtils.loadJMeterProperties(file.toString());
            loaded = true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
