package org.esbbench.maven.management;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes the {@link LoopbackAgent} jar a JVM the suite starts is given with {@code -javaagent:}: the agent's
 * classes, taken from the plugin's own class path, and a manifest naming it. Written where the run needs it (the
 * run folder, the server's work folder), so nothing has to be found on disk and the plugin is all it takes.
 */
public final class AgentJar {
    /** The file name in the folder it is written to. */
    public static final String FILE = "management-agent.jar";
    private static final List<Class<?>> CLASSES = List.of(LoopbackAgent.class, LoopbackAgent.BoundSockets.class);

    private AgentJar() {
    }

    /** Writes (or replaces) {@value #FILE} in {@code dir}; its path. */
    public static Path writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve(FILE);
        Path tmp = dir.resolve(FILE + ".tmp");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", LoopbackAgent.class.getName());
        try (OutputStream file = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Class<?> c : CLASSES) {
                String entry = c.getName().replace('.', '/') + ".class";
                try (InputStream in = c.getClassLoader().getResourceAsStream(entry)) {
                    if (in == null) {
                        throw new IOException("class file " + entry + " not found on the plugin's class path");
                    }
                    out.putNextEntry(new JarEntry(entry));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        // Replaced whole: a JVM starting from an earlier copy never reads half a jar.
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }
}
