package org.esbbench.maven.goals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.esbbench.report.compare.ComparedRun;
import org.esbbench.report.compare.ComparisonOutput;
import org.esbbench.report.compare.ComparisonReport;
import org.esbbench.report.figures.Figures;
import org.esbbench.report.folder.LatestRun;
import org.esbbench.report.folder.RunLayout;

/**
 * Compares two or more analysed runs point by point, as the report's {@code compare} command does: {@code mvn -pl
 * suite esb-bench:compare -Druns=BASELINE,OTHER[,...]} (run ids, folders or {@code latest}; {@code -Dlabels} names
 * them). Writes {@code results/compare-A-vs-B/} (comparison.md and .html, .csv, charts, and for points both runs
 * profiled, their differential flame graphs in {@code profiles/}) and prints where it is. Not bound to a phase.
 */
@Mojo(name = "compare", threadSafe = true)
public class CompareMojo extends EsbBenchMojo {

    @Override
    protected void doExecute() throws MojoExecutionException, MojoFailureException {
        List<String> given = list(parameter("runs"));
        List<String> labels = list(parameter("labels"));
        if (given.size() < 2) {
            throw new MojoFailureException("-Druns=" + parameter("runs") + ": give two runs or more, comma-separated,"
                    + " the baseline first (run ids under results/, folders, or latest)");
        }
        if (!labels.isEmpty() && labels.size() != given.size()) {
            throw new MojoFailureException("-Dlabels has " + labels.size() + " labels for " + given.size()
                    + " runs: give one per run, or none");
        }
        Path results = root().resolve(RunLayout.RESULTS);
        List<ComparedRun> runs = new ArrayList<>();
        try {
            for (int i = 0; i < given.size(); i++) {
                Path folder = LatestRun.resolve(results, given.get(i));
                runs.add(ComparedRun.load(folder, labels.isEmpty() ? null : labels.get(i)));
            }
        } catch (IOException e) {
            throw new MojoFailureException("cannot read a run to compare: " + e.getMessage());
        }
        if (runs.stream().map(ComparedRun::label).distinct().count() < runs.size()) {
            throw new MojoFailureException("two runs have the same name: give each a label (-Dlabels=a,b)");
        }
        Path out = results.resolve("compare-" + String.join("-vs-", runs.stream().map(ComparedRun::runId).toList()));
        try {
            ComparisonOutput.Written written = ComparisonOutput.write(runs, out, Figures.standard());
            info("comparison: " + out.resolve(ComparisonReport.MARKDOWN_FILE) + " and "
                    + out.resolve(ComparisonOutput.HTML_FILE));
            written.flameGraphs().forEach(w -> info(w.point() + ": " + w.run() + " against " + runs.get(0).label()
                    + ": " + out.relativize(w.flameGraph()) + "; libraries: " + w.difference().groupLine(3)));
        } catch (IOException e) {
            throw new MojoExecutionException("could not write the comparison into " + out + ": " + e.getMessage(), e);
        }
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
