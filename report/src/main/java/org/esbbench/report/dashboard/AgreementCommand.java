package org.esbbench.report.dashboard;

import org.esbbench.report.samples.Window;
import org.esbbench.report.samples.WindowedResults;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code java -cp report/target/esb-bench-report-cli.jar org.esbbench.report.dashboard.AgreementCommand
 * --warmup 300 --measurement 900 --dashboard DIR x.csv}: the suite's statistics of a file's measurement window
 * against those of a JMeter dashboard already made of the same window; exit 1 if they disagree.
 */
@Command(name = "jmeter-agreement", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Compares the suite's statistics of a measurement window with a JMeter dashboard's of the same window.")
public final class AgreementCommand implements Callable<Integer> {

    @CommandLine.Mixin
    WindowOptions windows;

    @Option(names = "--dashboard", required = true, description = "The JMeter dashboard folder (holding statistics.json).")
    Path dashboard;

    @Option(names = "--exact-only", description = "Judge only count, failures, mean, min and max: for a dashboard made"
        + " with JMeter's default statistic window, whose percentiles cover its last 20000 samples only.")
    boolean exactOnly;

    @Parameters(index = "0", paramLabel = "JTL", description = "The JMeter CSV results file the dashboard was made of.")
    Path jtl;

    public static void main(String[] args) {
        System.exit(new CommandLine(new AgreementCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Window window = windows.of(jtl);
        List<Agreement.Figure> figures = Agreement.compare(WindowedResults.readWholeMillis(jtl, window).measurement(),
            DashboardStatistics.read(dashboard));
        System.out.print(Agreement.table(figures));
        if (exactOnly) {
            System.out.println("(percentiles not judged: --exact-only)");
            return Agreement.exactOnes(figures) ? 0 : 1;
        }
        return Agreement.all(figures) ? 0 : 1;
    }
}
