package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.inspector.role.InspectorRole;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** A control broker with seven senders, two receivers and an inspector in this JVM: the peers MultiFlowTest needs. */
final class MultiPointPeers {
    /** The senders of both flows: two for the first, five for the second. */
    static final int SENDERS = 7;

    static final int RECEIVERS = 2;

    private MultiPointPeers() {}

    /** The two flows of a run: its first iteration in summary.json, the peers of each flow and their counts. */
    record Flows(
            JsonNode iteration,
            Map<String, List<Path>> peers,
            PeerAccounting.Counts first,
            PeerAccounting.Counts second) {}

    /**
     * Each flow of the test's first iteration ran on its peers (two senders and a receiver, five senders and a
     * receiver), its figures in summary.json are its peers' own counts adding up with nothing lost, and five senders
     * sent 2.5 times what two sent.
     */
    static Flows assertEachFlowMatchesItsPeers(Path test) throws IOException {
        Map<String, List<Path>> peers = PeerAccounting.peersByFlow(test.resolve("0"));
        PeerAccounting.Counts first = PeerAccounting.count(peers.get("first"));
        PeerAccounting.Counts second = PeerAccounting.count(peers.get("second"));
        assertEquals(List.of(2, 1), List.of(first.senders(), first.receivers()), "first: 2 senders, 1 receiver");
        assertEquals(List.of(5, 1), List.of(second.senders(), second.receivers()), "second: 5 senders, 1 receiver");
        JsonNode iteration = PeerAccounting.firstIteration(test);
        JsonNode flows = iteration.get("flows");
        PeerAccounting.assertFlowMatchesItsPeers("first", flows.get("first"), peers.get("first"));
        PeerAccounting.assertFlowMatchesItsPeers("second", flows.get("second"), peers.get("second"));
        assertEquals(2.5, (double) second.sent() / first.sent(), 0.25, "5 senders send 2.5 × 2's: " + first + second);
        return new Flows(iteration, peers, first, second);
    }

    /** Starts them; the caller closes the cluster. */
    static EmbeddedCluster start() throws Exception {
        List<EmbeddedCluster.PeerSpec> specs = new ArrayList<>();
        for (int i = 1; i <= SENDERS; i++) {
            specs.add(new EmbeddedCluster.PeerSpec(
                    "sender-" + i, () -> SenderRole.builder().build()));
        }
        for (int i = 1; i <= RECEIVERS; i++) {
            specs.add(new EmbeddedCluster.PeerSpec(
                    "receiver-" + i, () -> ReceiverRole.builder().build()));
        }
        specs.add(new EmbeddedCluster.PeerSpec("inspector-1", () -> new InspectorRole()));
        return EmbeddedCluster.start(specs, EmbeddedSut.onFreePort(false, note -> {}));
    }
}
