package org.esbbench.maven.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/parameters.md is the catalogue's: its two tables are exactly what the catalogue renders, and every
 * parameter any goal declares (the plugin descriptor the build generated) is in the catalogue. To change a row,
 * change the catalogue (StandardParameters), then write the tables into the page with
 * {@code mvn -pl maven-plugin test -Dtest=ParameterDocsTest -Desbbench.writeDocs=true}.
 */
class ParameterDocsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static String between(String text, String marker) {
        String begin = "<!-- " + marker + ":begin -->\n";
        String end = "<!-- " + marker + ":end -->";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        assertThat(from).as("docs/parameters.md has the marker " + begin.strip()).isNotNegative();
        return text.substring(from + begin.length(), to);
    }

    private static String replaced(String text, String marker, String table) {
        String begin = "<!-- " + marker + ":begin -->\n";
        int from = text.indexOf(begin) + begin.length();
        return text.substring(0, from) + table + text.substring(text.indexOf("<!-- " + marker + ":end -->"));
    }

    @Test
    void theParameterTableIsTheCatalogues() throws Exception {
        Path page = ROOT.resolve("docs/parameters.md");
        if (Boolean.getBoolean("esbbench.writeDocs")) {
            String text = replaced(Files.readString(page), "parameters", ParameterCatalogue.STANDARD.markdownTable());
            Files.writeString(page, replaced(text, "plan-properties", ParameterCatalogue.STANDARD.planPropertiesTable()));
        }
        String doc = Files.readString(page);
        assertThat(between(doc, "parameters")).isEqualTo(ParameterCatalogue.STANDARD.markdownTable());
        assertThat(between(doc, "plan-properties")).isEqualTo(ParameterCatalogue.STANDARD.planPropertiesTable());
    }

    @Test
    void everyParameterAGoalDeclaresIsInTheCatalogue() throws Exception {
        Path descriptor = Path.of("target/classes/META-INF/maven/plugin.xml");
        assertThat(descriptor).as("the plugin descriptor, generated before the tests").exists();
        Matcher m = Pattern.compile("<([A-Za-z.]+) implementation=\"[^\"]*\"(?: default-value=\"[^\"]*\")?>\\$\\{([A-Za-z.]+)\\}<")
                .matcher(Files.readString(descriptor));
        Set<String> declared = new TreeSet<>();
        while (m.find()) {
            declared.add(m.group(2));
        }
        assertThat(Files.readString(descriptor)).as("the descriptor lists the goals").contains("<goal>check</goal>",
                "<goal>run</goal>", "<goal>analyze</goal>");
        declared.removeAll(Set.of("project.basedir", "project.build.directory", "project.version", "session",
                "mojoExecution", "camel.version", "artemis.version"));
        declared.removeIf(name -> name.startsWith("project.") || name.startsWith("session"));
        Set<String> catalogued = new TreeSet<>();
        ParameterCatalogue.STANDARD.all().forEach(p -> catalogued.add(p.name()));
        // Today no goal declares a parameter of its own (they read the catalogue's): one that does must be in it.
        assertThat(catalogued).containsAll(declared);
    }

    @Test
    void everyOneLineDescriptionIsOneLine() {
        for (RunParameter p : ParameterCatalogue.STANDARD.all()) {
            assertThat(p.description()).as(p.name()).doesNotContain("\n").hasSizeLessThanOrEqualTo(140).endsWith(".");
        }
    }
}
