package org.esbbench.report.dashboard;

import org.esbbench.report.samples.Window;
import org.esbbench.report.samples.WindowedResults;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code java -cp report/target/esb-bench-report-cli.jar org.esbbench.report.dashboard.DashboardCommand
 * --warmup 300 --measurement 900 --out DIR results/RUN/jtl/x.csv}: JMeter's HTML dashboard of a file's measurement
 * window, optionally checked against the suite's own statistics of the same window ({@code --check-agreement}).
 */
@Command(name = "jmeter-dashboard", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Makes JMeter's HTML dashboard of the measurement window of a JMeter CSV results file.")
public final class DashboardCommand implements Callable<Integer> {

    @CommandLine.Mixin
    WindowOptions windows;

    @Option(names = "--out", required = true, description = "Dashboard folder to write (replaced if it is a dashboard).")
    Path out;

    @Option(names = "--jmeter-home", description = "JMeter home (default: from --plugin-config).")
    Path jmeterHome;

    @Option(names = "--plugin-config", defaultValue = "suite/target/config.json",
        description = "jmeter-maven-plugin's config.json naming the laid-out JMeter (default: ${DEFAULT-VALUE}).")
    Path pluginConfig;

    @Option(names = "--heap", defaultValue = "1g", description = "Report generator's -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--statistic-window", defaultValue = "-1",
        description = "Samples JMeter computes percentiles over: -1 = all, JMeter's own default is 20000"
            + " (default: ${DEFAULT-VALUE}).")
    int statisticWindow;

    @Option(names = "--timeout", defaultValue = "900", description = "Seconds before JMeter is stopped (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--title", description = "Dashboard title (default: file name and window).")
    String title;

    @Option(names = "--check-agreement",
        description = "Also compute the suite's statistics of the window and compare them with JMeter's; exit 1 if they disagree.")
    boolean checkAgreement;

    @Parameters(index = "0", paramLabel = "JTL", description = "JMeter CSV results file.")
    Path jtl;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DashboardCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (windows.warmupSeconds < 0 || windows.measurementSeconds <= 0 || windows.measurementSeconds * 1000 % 1000 != 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--warmup must be 0 or more, --measurement a positive whole number of seconds");
        }
        Window window = windows.of(jtl);
        JMeterInstallation jmeter = jmeterHome != null ? JMeterInstallation.of(jmeterHome)
            : JMeterInstallation.fromPluginConfig(pluginConfig);
        JMeterDashboard dashboard = new JMeterDashboard(jmeter).withHeap(heap)
            .withTimeout(Duration.ofSeconds(timeoutSeconds)).withStatisticWindow(statisticWindow);
        String shownTitle = title != null ? title : jtl.getFileName() + ", measurement window "
            + Instant.ofEpochMilli(window.measurementStartMillis()) + " to " + Instant.ofEpochMilli(window.measurementEndMillis());
        Path index = dashboard.generate(jtl, window, shownTitle, out);
        System.out.printf("dashboard=%s%nwindow_start_ms=%d%nwindow_end_ms=%d%n", index,
            window.measurementStartMillis(), window.measurementEndMillis());
        if (!checkAgreement) {
            return 0;
        }
        List<Agreement.Figure> figures = Agreement.compare(WindowedResults.readWholeMillis(jtl, window).measurement(),
            DashboardStatistics.read(out));
        System.out.print(Agreement.table(figures));
        if (statisticWindow != JMeterDashboard.ALL_SAMPLES) {
            System.out.println("(JMeter's percentiles cover only its last " + statisticWindow + " samples: not judged)");
            return Agreement.exactOnes(figures) ? 0 : 1;
        }
        return Agreement.all(figures) ? 0 : 1;
    }
}
