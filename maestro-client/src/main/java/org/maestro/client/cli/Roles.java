package org.maestro.client.cli;

import java.util.List;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.embedded.EmbeddedCluster;
import org.maestro.inspector.artemis.EmbeddedJolokia;
import org.maestro.inspector.role.InspectorRole;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Makes the roles of the peers: for {@code maestro-cli worker} and for the embedded cluster. */
final class Roles {
    private Roles() {
    }

    /** The peers of the embedded mode. */
    static List<EmbeddedCluster.PeerSpec> embeddedPeers() {
        return List.of(
                new EmbeddedCluster.PeerSpec("sender-1", () -> SenderRole.builder().build()),
                new EmbeddedCluster.PeerSpec("receiver-1", () -> ReceiverRole.builder().build()),
                new EmbeddedCluster.PeerSpec("inspector-1", InspectorRole::new));
    }

    /**
     * Starts what the embedded mode needs beside the peers (a Jolokia endpoint over this JVM's MBeans, where the
     * embedded Artemis registers its management) and sets it as every test's default inspector.
     */
    static void embeddedDefaults(TestDefinition defaults, List<AutoCloseable> extras) throws Exception {
        EmbeddedJolokia jolokia = EmbeddedJolokia.start();
        extras.add(jolokia);
        defaults.inspector("artemis", jolokia.url());
    }
}
