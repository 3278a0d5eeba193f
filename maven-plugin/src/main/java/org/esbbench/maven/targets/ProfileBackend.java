package org.esbbench.maven.targets;

import org.esbbench.maven.parameters.InvalidRunException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

/**
 * Whether the suite starts the echo backend for a target, and where it binds: the profile's {@code backend=start}
 * (default, also for a server the suite does not start: the load and the backend's delay are the suite's, so a
 * remote server calls back to the echo backend here) or {@code backend=external} (the profile's backend.url lives
 * elsewhere and nothing is started); {@code backend.bind} is the address the started backend binds (default
 * 127.0.0.1; 0.0.0.0 or this machine's address so that a server on another host reaches it). The backend's port is
 * backend.url's; its health check goes to the bind address (loopback for a wildcard bind).
 */
public record ProfileBackend(boolean starts, String bind, URI url) {

    public static ProfileBackend of(TargetProfile profile) throws InvalidRunException {
        String mode = profile.properties().getProperty("backend", "start").trim();
        boolean starts;
        if (mode.equals("start") || mode.isEmpty()) {
            starts = true;
        } else if (mode.equals("external")) {
            starts = false;
        } else {
            throw new InvalidRunException("target profile " + profile.file() + ": backend=" + mode
                    + " is neither 'start' (the suite starts the echo backend) nor 'external' (backend.url lives elsewhere)");
        }
        if (profile.startsServers() && !starts) {
            throw new InvalidRunException("target profile " + profile.file() + ": backend=external with start=true: the"
                    + " bundled reference server is measured with the suite's echo backend");
        }
        String bind = profile.properties().getProperty("backend.bind", "127.0.0.1").trim();
        try {
            InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new InvalidRunException("target profile " + profile.file() + ": backend.bind=" + bind
                    + " is not an address of this machine (" + e.getMessage() + ")");
        }
        URI url = profile.backendUrl();
        if (url.getHost() == null || url.getPort() < 1) {
            throw new InvalidRunException("target profile " + profile.file() + ": backend.url=" + url
                    + " needs a host and a port (e.g. http://127.0.0.1:8688/service/EchoService)");
        }
        return new ProfileBackend(starts, bind, url);
    }

    public int port() {
        return url.getPort();
    }

    /** Where the health check and the port check go: the bind address, loopback for a wildcard bind. */
    public String localHost() {
        return bind.equals("0.0.0.0") || bind.equals("::") || bind.equals("[::]") ? "127.0.0.1" : bind;
    }

    public URI healthUrl() {
        return URI.create("http://" + localHost() + ":" + port() + "/health");
    }
}
