package org.esbbench.maven.processes;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The sockets that given processes listen on, from Linux's /proc: {@code /proc/net/tcp} and {@code tcp6} list every
 * TCP socket with its state, local address and inode, {@code udp} and {@code udp6} every UDP socket (one bound to a
 * port and connected to no peer receives from anyone: JMeter's UDP stop port was one), and {@code /proc/<pid>/fd}
 * links name the inodes a process holds. What the suite's tests use to check that nothing the run started listens
 * beyond loopback.
 */
public final class ListeningSockets {
    private static final Path PROC = Path.of("/proc");
    /** The LISTEN state in /proc/net/tcp's "st" column. */
    private static final String LISTEN = "0A";
    public static final String TCP = "tcp";
    public static final String UDP = "udp";

    /**
     * A listening socket: the process holding it, its local address (as ss prints it), whether that is loopback, and
     * its protocol ({@value #TCP} or {@value #UDP}).
     */
    public record Listener(long pid, String address, int port, boolean loopback, String protocol) {
        /** A TCP listener. */
        public Listener(long pid, String address, int port, boolean loopback) {
            this(pid, address, port, loopback, TCP);
        }

        @Override
        public String toString() {
            return (TCP.equals(protocol) ? "" : protocol + " ") + address + ":" + port + " (pid " + pid + " "
                    + ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElse("?") + ")";
        }
    }

    private ListeningSockets() {
    }

    /**
     * Every TCP socket in LISTEN state and every UDP socket bound to a port and connected to no peer that one of
     * {@code pids} holds (empty where there is no /proc).
     */
    public static List<Listener> of(Collection<Long> pids) throws IOException {
        Map<Long, String[]> byInode = new HashMap<>();
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            Path file = PROC.resolve("net").resolve(table);
            if (!Files.isReadable(file)) {
                continue;
            }
            boolean udp = table.startsWith(UDP);
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                if (f.length > 9 && (udp ? receivesFromAnyone(f[1], f[2]) : LISTEN.equals(f[3]))) {
                    byInode.put(Long.parseLong(f[9]), new String[] {f[1], udp ? UDP : TCP});
                }
            }
        }
        List<Listener> listeners = new ArrayList<>();
        for (long pid : pids) {
            for (long inode : socketInodes(pid)) {
                String[] local = byInode.get(inode);
                if (local != null) {
                    listeners.add(listener(pid, local[0], local[1]));
                }
            }
        }
        return listeners;
    }

    /** A UDP socket bound to a port and connected to no peer (remote address and port all zero). */
    private static boolean receivesFromAnyone(String local, String remote) {
        return !local.endsWith(":0000") && remote.replace(":", "").chars().allMatch(c -> c == '0');
    }

    /** The inodes of the sockets a process holds ({@code socket:[INODE]} links); empty once it is gone. */
    private static List<Long> socketInodes(long pid) {
        List<Long> inodes = new ArrayList<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(PROC.resolve(Long.toString(pid)).resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException | RuntimeException closedMeanwhile) {
                    // the descriptor was closed while listed
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process has ended, or is not ours to read
        }
        return inodes;
    }

    /** A TCP listener at {@code local}, as {@link #listener(long, String, String)}. */
    static Listener listener(long pid, String local) {
        return listener(pid, local, TCP);
    }

    /** "0100007F:1F90" (IPv4, little-endian words) or 32 hex digits (IPv6, four little-endian words) and a port. */
    static Listener listener(long pid, String local, String protocol) {
        String[] hostPort = local.split(":");
        int port = Integer.parseInt(hostPort[1], 16);
        String hex = hostPort[0];
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                // each 32-bit word is printed in the host's (little-endian) byte order
                int at = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        boolean loopback;
        String address;
        if (bytes.length == 4) {
            loopback = (bytes[0] & 0xff) == 127;
            address = (bytes[0] & 0xff) + "." + (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff);
        } else {
            boolean v4Mapped = isZero(bytes, 0, 10) && (bytes[10] & 0xff) == 0xff && (bytes[11] & 0xff) == 0xff;
            boolean v6Loopback = isZero(bytes, 0, 15) && bytes[15] == 1;
            loopback = v6Loopback || (v4Mapped && (bytes[12] & 0xff) == 127);
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < 16; i += 2) {
                s.append(i == 0 ? "" : ":").append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)));
            }
            address = s.append(']').toString();
        }
        return new Listener(pid, address, port, loopback, protocol);
    }

    private static boolean isZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
