package org.maestro.common.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.TransportException;

/**
 * A peer and a client in a JVM of their own, as a lab host runs them (TLS settings from its command line, the
 * password perhaps from its environment): the client PINGs and prints who answered. Exit 0 when the peer answered,
 * 3 with the error's message when a connection failed, 1 when nobody answered.
 *
 * <p>Arguments: the peer's control broker URL, the client's control broker URL.
 */
public final class PingThroughBroker {
    /** The name of the peer that answers. */
    public static final String PEER_NAME = "probe-over-tls";

    private PingThroughBroker() {}

    public static void main(String[] args) throws Exception {
        Path results = Files.createTempDirectory("maestro-ping-through-broker-");
        try (Peer peer = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(args[0]), PEER_NAME, results), new ProbeRole(Role.SENDER));
                ControlClient client = ControlClient.connect(MqttEndpoint.parse(args[1]))) {
            List<PeerStatus> answered = client.ping(Duration.ofSeconds(2));
            System.out.println(
                    "answered: " + answered.stream().map(s -> s.peer().name()).toList());
            System.out.flush();
            System.exit(answered.isEmpty() ? 1 : 0);
        } catch (TransportException e) {
            System.out.println("error: " + e.getMessage());
            System.out.flush();
            System.exit(3);
        }
    }
}
