package org.esbbench.backend;

import io.netty.util.NetUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code java -jar backend-netty.jar [flags]}: runs the echo backend until SIGTERM or SIGINT. */
@Command(name = "backend-netty", mixinStandardHelpOptions = true, versionProvider = EchoBackendCommand.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
                "Echo backend of the ESB benchmark suite: answers any path and method with 200, the request body"
                        + " byte-for-byte and its Content-Type, after a delay scheduled on the event loop.",
                "A request header X-Echo-Delay-Ms overrides the delay for that request (0..600000; else 400).",
                "GET or POST on the health path answers at once with 200 UP. SIGTERM stops accepting, lets"
                        + " scheduled replies finish within the shutdown grace, prints the counters and exits 0."},
        // Lines kept under 80 columns: picocli would wrap them without indentation.
        footerHeading = "%nWhere each file comes from (the jar runs from any folder):%n",
        footer = {
                "  settings     the flags above only; no file is read by default",
                "  TLS key      --keystore FILE (PKCS12, relative to the working directory),",
                "               or with --tls alone a self-signed certificate made in memory"})
public final class EchoBackendCommand implements Callable<Integer> {

    @Option(names = {"-p", "--port"}, defaultValue = "8688", description = "TCP port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = {"-b", "--bind"}, defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String bind;

    // --delay and --sleep-time are aliases so that scripts written for WSO2's netty-http-echo-service
    // (performance-common, which takes --sleep-time ms) and for a plain --delay run unchanged.
    @Option(names = {"-d", "--delay-ms", "--delay", "--sleep-time"}, defaultValue = "0",
            description = "Delay before each reply in ms, 0..600000 (default: ${DEFAULT-VALUE}). --delay and"
                    + " --sleep-time (the flag of WSO2's echo service) are the same option, also in ms.")
    long delayMillis;

    @Option(names = {"-t", "--threads"}, defaultValue = "0", description = "Event-loop threads; 0 means one per core (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--max-body", defaultValue = "256MiB", converter = ByteSize.class,
            description = "Largest request body; larger ones get 413. Units B, KiB, MiB, GiB (default: ${DEFAULT-VALUE}).")
    long maxBody;

    @Option(names = "--idle-timeout-s", defaultValue = "120", description = "Close connections idle this long, in seconds; 0 never (default: ${DEFAULT-VALUE}).")
    long idleTimeoutSeconds;

    @Option(names = "--backlog", defaultValue = "0", description = "Listen queue length; 0 means the kernel's maximum, net.core.somaxconn, which also caps larger values (default: ${DEFAULT-VALUE}).")
    int backlog;

    @Option(names = "--health-path", defaultValue = "/health", description = "Path answered at once with 200 UP (default: ${DEFAULT-VALUE}).")
    String healthPath;

    @Option(names = "--shutdown-grace-s", defaultValue = "10", description = "On SIGTERM, wait at most this long for scheduled replies (default: ${DEFAULT-VALUE}).")
    long shutdownGraceSeconds;

    @Option(names = "--transport", defaultValue = "AUTO", description = "Event loop: ${COMPLETION-CANDIDATES}; AUTO uses epoll where available (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--tls", description = "Serve HTTPS instead of HTTP; without --keystore a self-signed certificate is generated.")
    boolean tls;

    @Option(names = "--keystore", description = "PKCS12 keystore holding the server key and certificate (implies --tls).")
    Path keystore;

    @Option(names = "--keystore-password", defaultValue = "",
            description = "Password of --keystore (default: empty).")
    String keystorePassword;

    @Option(names = "--fail-percent", defaultValue = "0", paramLabel = "P",
            description = "Drills and tests only: answer P %% of requests (0..100, every k-th, not random; health"
                    + " checks not counted) with 503, for runs with known transport errors"
                    + " (default: ${DEFAULT-VALUE}).")
    double failPercent;

    @Spec
    CommandSpec spec;

    @Option(names = {"-v", "--verbose"}, description = "More detail on the WARN line each rejected request gets on stderr (the request line and"
                    + " the decoder's exception). Without it the line is there too, at most "
                    + RejectionLog.DEFAULT_LINES_PER_SECOND + " a second, the rest counted as suppressed.")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EchoBackendCommand()).execute(args));
    }

    BackendSettings settings() {
        BackendSettings.Tls tlsSettings = null;
        if (keystore != null) {
            tlsSettings = new BackendSettings.Tls(keystore, keystorePassword.toCharArray());
        } else if (tls) {
            tlsSettings = BackendSettings.Tls.selfSigned();
        }
        return new BackendSettings(bind, port, delayMillis, threads, maxBody, Duration.ofSeconds(idleTimeoutSeconds),
                backlog, healthPath, Duration.ofSeconds(shutdownGraceSeconds), transport, tlsSettings, verbose);
    }

    @Override
    public Integer call() throws Exception {
        BackendSettings settings;
        FailureInjection failures;
        try {
            settings = settings();
            failures = new FailureInjection(failPercent);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        CountDownLatch stop = new CountDownLatch(1);
        Signal.handle(new Signal("TERM"), signal -> stop.countDown());
        Signal.handle(new Signal("INT"), signal -> stop.countDown());

        EchoServer server = new EchoServer(settings).withFailures(failures).start();
        String scheme = settings.tls() == null ? "http" : "https";
        System.err.printf("backend-netty listening on %s://%s:%d (%s, %d event-loop threads, delay %d ms, max body %d bytes, health %s)%n",
                scheme, settings.bindAddress(), server.port(), server.transport().name().toLowerCase(),
                server.eventLoopThreads(), settings.delayMillis(), settings.maxBodyBytes(), settings.healthPath());
        warnIfBacklogCapped(settings.backlog());
        if (failures.active()) {
            System.err.println("backend-netty: DRILL: answering " + failPercent + " % of requests with 503 (--fail-percent)");
        }

        stop.await();
        System.err.println("backend-netty stopping: no new connections, waiting up to "
                + settings.shutdownGrace().toSeconds() + " s for scheduled replies");
        boolean drained = server.shutdown(settings.shutdownGrace());
        System.err.println("backend-netty stopped" + (drained ? "" : " (some scheduled replies were dropped)")
                + ": " + server.counters());
        return 0;
    }

    /** The kernel silently shortens the listen queue; say so, since overflow distorts high-concurrency runs. */
    private static void warnIfBacklogCapped(int backlog) {
        if (backlog > NetUtil.SOMAXCONN) {
            System.err.println("backend-netty: listen backlog " + backlog + " is capped by net.core.somaxconn="
                    + NetUtil.SOMAXCONN);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = EchoBackendCommand.class.getPackage().getImplementationVersion();
            return new String[]{"backend-netty " + (version == null ? "(development build)" : version)
                    + ", Java " + Runtime.version()};
        }
    }
}
