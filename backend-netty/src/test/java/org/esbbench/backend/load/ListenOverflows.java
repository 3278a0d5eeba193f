package org.esbbench.backend.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Connections dropped because a listen queue was full. {@link #read()} is the kernel's count for the whole network
 * namespace (TcpExt ListenOverflows in /proc/net/netstat): read before and after a load, the difference is what the
 * load overflowed, plus whatever else on the machine did at the same time (hence the ports lock). {@link #watch}
 * counts a test's own listeners only, where {@code ss} can tell them.
 */
public final class ListenOverflows {
    private static final Path NETSTAT = Path.of("/proc/net/netstat");
    private static final Pattern SKMEM = Pattern.compile("skmem:\\(([^)]*)\\)");
    private static final Pattern DROPS = Pattern.compile("(?:^|,)d(\\d+)(?:,|$)");

    private ListenOverflows() {
    }

    /** @return the counter, or -1 where /proc/net/netstat does not exist (not Linux) */
    public static long read() throws IOException {
        if (!Files.isReadable(NETSTAT)) {
            return -1;
        }
        return parse(Files.readAllLines(NETSTAT));
    }

    /** The file holds pairs of lines per protocol: names, then values, each line starting with "TcpExt:". */
    static long parse(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            String[] names = lines.get(i).trim().split("\\s+");
            String[] values = lines.get(i + 1).trim().split("\\s+");
            if (!names[0].equals("TcpExt:") || !values[0].equals("TcpExt:")) {
                continue;
            }
            for (int column = 1; column < names.length && column < values.length; column++) {
                if (names[column].equals("ListenOverflows")) {
                    return Long.parseLong(values[column]);
                }
            }
        }
        throw new IllegalStateException("no TcpExt ListenOverflows in /proc/net/netstat");
    }

    /**
     * Starts counting the drops of the listening sockets on {@code ports} (open now): their own count where
     * {@code ss} shows it, else the machine's {@link #read()}, which other programs' overflows also raise.
     */
    public static Watch watch(int... ports) throws IOException, InterruptedException {
        long own = ofListeners(ports);
        return own >= 0 ? new Watch(ports, true, own) : new Watch(ports, false, read());
    }

    /** A count started by {@link #watch}. */
    public static final class Watch {
        private final int[] ports;
        private final boolean own;
        private final long before;

        private Watch(int[] ports, boolean own, long before) {
            this.ports = ports;
            this.own = own;
            this.before = before;
        }

        /** Drops since {@link #watch}. */
        public long count() throws IOException, InterruptedException {
            if (!own) {
                return read() - before;
            }
            long now = ofListeners(ports);
            if (now < 0) {
                throw new IllegalStateException("ss no longer shows a listener on port " + portList(ports));
            }
            return now - before;
        }

        /** What {@link #count} counts, for an assertion's description. */
        public String source() {
            return own ? "drops of the listener on port " + portList(ports) + ", ss skmem d"
                    : "TcpExt ListenOverflows of the whole machine: no ss";
        }
    }

    /**
     * The drops of the listening sockets on {@code ports} alone, from {@code ss -tlnm}: the d field of a listener's
     * skmem is its sk_drops, which the kernel raises at each listen-queue overflow of that socket (and at its
     * rarer other listen drops, e.g. no memory for a new connection), as it raises TcpExt ListenOverflows. Checked
     * on kernel 6.18 with a listener of backlog 1 that never accepted and 10 clients: d24, and ListenOverflows rose
     * by 24. (Not tested here by overflowing one: that would raise the machine's counter under other tests.)
     *
     * @return the sum over those listeners, or -1 where ss is missing or fails, or shows no listener on a port
     */
    static long ofListeners(int... ports) throws InterruptedException {
        long sum = 0;
        for (int port : ports) {
            long drops = ofListener(port);
            if (drops < 0) {
                return -1;
            }
            sum += drops;
        }
        return sum;
    }

    private static long ofListener(int port) throws InterruptedException {
        Process ss;
        try {
            ss = new ProcessBuilder("ss", "-tlnm", "sport = :" + port).redirectErrorStream(true).start();
        } catch (IOException e) {
            return -1;
        }
        try {
            String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!ss.waitFor(10, TimeUnit.SECONDS) || ss.exitValue() != 0) {
                return -1;
            }
            return parseDrops(out);
        } catch (IOException e) {
            return -1;
        } finally {
            ss.destroyForcibly();
        }
    }

    /** The sum of the d fields of every {@code skmem:(...)} in ss's output, or -1 where there is none. */
    static long parseDrops(String ssOutput) {
        long drops = -1;
        Matcher skmem = SKMEM.matcher(ssOutput);
        while (skmem.find()) {
            Matcher d = DROPS.matcher(skmem.group(1));
            if (d.find()) {
                drops = Math.max(drops, 0) + Long.parseLong(d.group(1));
            }
        }
        return drops;
    }

    private static String portList(int[] ports) {
        return Arrays.stream(ports).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }
}
