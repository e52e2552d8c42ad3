package org.maestro.driver.kafka;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Tells a Kafka cluster that is down from one that is slow: tries a TCP connection to each bootstrap server, for the
 * message of a connect that timed out.
 */
final class BootstrapProbe {
    private static final int PROBE_MILLIS = 1_000;

    private BootstrapProbe() {}

    /** The first {@code host:port} of {@code bootstrap} that accepts a TCP connection within 1 s, or null. */
    static String firstListening(String bootstrap) {
        for (String server : bootstrap.split(",")) {
            int colon = server.lastIndexOf(':');
            String host = server.substring(0, colon).replace("[", "").replace("]", "");
            int port = Integer.parseInt(server.substring(colon + 1));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), PROBE_MILLIS);
                return server;
            } catch (IOException | IllegalArgumentException e) {
                // not this one
            }
        }
        return null;
    }
}
