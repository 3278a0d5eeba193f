package org.esbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation a newcomer walks: README.md is a front door (at most 150 lines), docs/index.md links every page
 * of docs/, and every relative link of those pages names a file that exists.
 */
class DocsIndexTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

    @Test
    void theReadmeIsAFrontDoor() throws Exception {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(150);
    }

    @Test
    void theIndexLinksEveryPageOfDocs() throws Exception {
        String index = Files.readString(ROOT.resolve("docs/index.md"));
        List<String> pages;
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            pages = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md") && !n.equals("index.md"))
                    .sorted().toList();
        }
        assertThat(pages).hasSizeGreaterThan(5);
        for (String page : pages) {
            assertThat(index).as("docs/index.md links " + page).contains("](" + page);
        }
    }

    @Test
    void everyRelativeLinkOfTheDocsNamesAFileThatExists() throws Exception {
        List<Path> docs;
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            docs = Stream.concat(files.filter(p -> p.toString().endsWith(".md")), Stream.of(ROOT.resolve("README.md")))
                    .toList();
        }
        for (Path doc : docs) {
            Matcher m = LINK.matcher(Files.readString(doc));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                assertThat(doc.getParent().resolve(target).normalize()).as(doc.getFileName() + " links " + target).exists();
            }
        }
    }
}
