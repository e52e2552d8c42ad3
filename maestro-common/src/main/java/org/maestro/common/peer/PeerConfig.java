package org.maestro.common.peer;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import org.maestro.common.transport.MqttEndpoint;

/** How a peer starts: the control broker, its name and host, where it writes results, its keep-alive. */
public record PeerConfig(MqttEndpoint maestro, String name, String host, Path resultsRoot, Duration keepAlive) {
    public PeerConfig {
        Objects.requireNonNull(maestro, "maestro");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(resultsRoot, "resultsRoot");
        Objects.requireNonNull(keepAlive, "keepAlive");
    }

    /** A config with this machine's host name and a 10 s keep-alive. */
    public static PeerConfig of(MqttEndpoint maestro, String name, Path resultsRoot) {
        return new PeerConfig(maestro, name, localHostName(), resultsRoot, Duration.ofSeconds(10));
    }

    /** This machine's host name, or {@code localhost} when it cannot be found. */
    public static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
