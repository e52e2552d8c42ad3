package org.maestro.client.cli;

import java.util.List;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.embedded.EmbeddedCluster;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Makes the roles of the peers: for {@code maestro-cli worker} and for the embedded cluster. */
final class Roles {
    private Roles() {
    }

    /** The peers of the embedded mode. */
    static List<EmbeddedCluster.PeerSpec> embeddedPeers(List<AutoCloseable> extras) {
        return List.of(
                new EmbeddedCluster.PeerSpec("sender-1", () -> SenderRole.builder().build()),
                new EmbeddedCluster.PeerSpec("receiver-1", () -> ReceiverRole.builder().build()));
    }

    /** What the embedded mode sets up front for every test (e.g. where its inspector looks). */
    static void embeddedDefaults(TestDefinition defaults, List<AutoCloseable> extras) {
    }
}
