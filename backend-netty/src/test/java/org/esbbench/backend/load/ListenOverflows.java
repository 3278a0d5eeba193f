package org.esbbench.backend.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The kernel's count of connections dropped because a listen queue was full (TcpExt ListenOverflows in
 * /proc/net/netstat), for the whole network namespace: read before and after a load, the difference is what the
 * load overflowed, plus whatever else on the machine did at the same time (hence the ports lock).
 */
public final class ListenOverflows {
    private static final Path NETSTAT = Path.of("/proc/net/netstat");

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
}
