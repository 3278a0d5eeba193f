package org.esbbench.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

import org.esbbench.core.wssec.AlgorithmSuite;
import org.esbbench.core.wssec.WsSecurityParty;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Writes the payload files the plans send:
 * <pre>
 *   OUT/soap/buyStocks-SIZE.xml
 *   OUT/json/buyStocks-SIZE.json
 *   OUT/wssec/SUITE/SIZE/N.xml         secured request N of the pool (client to server), N = 1..POOL
 *   OUT/wssec/SUITE/SIZE/N.plain.xml   its plain original, what the reply must decrypt to
 * </pre>
 * SUITE is {@code modern} or {@code classic}. A pool exists because each secured request carries its own
 * Timestamp, keys and ids; sending a pool in turn keeps WS-Security cost out of the load generator.
 */
@Command(name = "payload-generator", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Writes buyStocks payloads of exact sizes (SOAP and JSON) and pools of WS-Security requests.")
public final class PayloadGenerator implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", defaultValue = "data/generated",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = {"-s", "--sizes"}, paramLabel = "BYTES", split = ",",
            description = "Payload sizes in bytes, comma separated (default: the standard sizes 512,1024,2048,"
                    + "5120,10240,20480,102400,204800).")
    List<Integer> sizes;

    @Option(names = "--sizes-file", paramLabel = "FILE",
            description = "More sizes: a file of sizes separated by commas or white space (the run-sizes file the "
                    + "suite's check writes), added to --sizes; a missing file adds none.")
    Path sizesFile;

    @Option(names = "--formats", paramLabel = "FORMAT", split = ",", defaultValue = "SOAP,JSON",
            description = "Payload formats: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Set<PayloadFormat> formats;

    @Option(names = "--ws-pool", paramLabel = "N", defaultValue = "0",
            description = "Secured ws-security requests per suite and size; 0 writes none (default: ${DEFAULT-VALUE}).")
    int wsPool;

    @Option(names = "--ws-suites", paramLabel = "SUITE", split = ",", defaultValue = "MODERN,CLASSIC",
            description = "Algorithm suites of the pools: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Set<AlgorithmSuite> wsSuites;

    @Option(names = "--ws-ttl", paramLabel = "DURATION", defaultValue = "P7D",
            description = "Timestamp lifetime of pooled requests, ISO-8601 (default: ${DEFAULT-VALUE}); a server "
                    + "rejects them once it has passed, so regenerate pools older than that.")
    Duration wsTtl;

    @Option(names = "--keystore-dir", paramLabel = "DIR", defaultValue = "config/keystores",
            description = "Folder with the test keystores client.p12 and server.p12 (default: ${DEFAULT-VALUE}).")
    Path keystoreDir;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command as {@link #main} runs it: enum values in any case, failures as one line, exit code 1. */
    static CommandLine commandLine() {
        return new CommandLine(new PayloadGenerator())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler((e, command, parsed) -> {
                    command.getErr().println("payload-generator: " + e.getMessage());
                    return CommandLine.ExitCode.SOFTWARE;
                });
    }

    @Override
    public Integer call() throws IOException {
        List<Integer> chosen = chosenSizes();
        validate(chosen);
        int files = 0;
        for (PayloadFormat format : formats) {
            Path dir = Files.createDirectories(out.resolve(format.name().toLowerCase(Locale.ROOT)));
            for (int size : chosen) {
                Files.write(dir.resolve(Payloads.fileName(format, size)), Payloads.of(format, size));
                files++;
            }
        }
        if (wsPool > 0) {
            for (AlgorithmSuite suite : wsSuites) {
                files += writePools(suite, chosen);
            }
        }
        spec.commandLine().getOut().println("Wrote " + files + " payload files under " + out.toAbsolutePath().normalize());
        return 0;
    }

    /**
     * --sizes (the standard sizes when neither option is given) and the sizes of --sizes-file, each once, in order:
     * sizes that come from a matrix reach the pools although the POM passes only ${size}.
     */
    private List<Integer> chosenSizes() throws IOException {
        if (sizes == null && sizesFile == null) {
            return Arrays.stream(Payloads.STANDARD_SIZES).boxed().toList();
        }
        java.util.LinkedHashSet<Integer> all = new java.util.LinkedHashSet<>(sizes == null ? List.of() : sizes);
        if (sizesFile != null && Files.isRegularFile(sizesFile)) {
            for (String token : Files.readString(sizesFile).split("[,\\s]+")) {
                if (token.isBlank()) {
                    continue;
                }
                try {
                    all.add(Integer.parseInt(token.trim()));
                } catch (NumberFormatException e) {
                    throw new ParameterException(spec.commandLine(), "--sizes-file " + sizesFile + ": '" + token
                            + "' is not a size in bytes");
                }
            }
        }
        return List.copyOf(all);
    }

    private int writePools(AlgorithmSuite suite, List<Integer> chosen) throws IOException {
        WsSecurityParty client = WsSecurityParty.client(keystoreDir, suite);
        int files = 0;
        for (int size : chosen) {
            Path dir = Files.createDirectories(
                    out.resolve("wssec").resolve(suite.name().toLowerCase(Locale.ROOT)).resolve(Integer.toString(size)));
            byte[] plain = Payloads.soap(size);
            for (int n = 1; n <= wsPool; n++) {
                Files.write(dir.resolve(n + ".xml"), client.secure(plain, wsTtl));
                Files.write(dir.resolve(n + ".plain.xml"), plain);
                files += 2;
            }
        }
        return files;
    }

    private void validate(List<Integer> chosen) {
        List<String> problems = new ArrayList<>();
        for (int size : chosen) {
            for (PayloadFormat format : needed()) {
                int minimum = Payloads.minimumSize(format);
                if (size < minimum) {
                    problems.add(size + " is below the smallest " + format + " payload (" + minimum + " bytes)");
                }
            }
        }
        if (wsPool < 0) {
            problems.add("--ws-pool must not be negative");
        }
        if (wsTtl.getSeconds() < 1) {
            problems.add("--ws-ttl must be at least one second");
        }
        if (!problems.isEmpty()) {
            throw new ParameterException(spec.commandLine(), String.join("; ", problems));
        }
    }

    /** Formats whose minimum size applies: ws-security pools are SOAP even when only JSON is asked for. */
    private Set<PayloadFormat> needed() {
        Set<PayloadFormat> needed = formats.isEmpty() ? EnumSet.noneOf(PayloadFormat.class) : EnumSet.copyOf(formats);
        if (wsPool > 0) {
            needed.add(PayloadFormat.SOAP);
        }
        return needed;
    }
}
