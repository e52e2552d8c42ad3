package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.client.clock.ClockWatch;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.read.ClockReadings;

/**
 * The clock offsets of one test's live peers to the client's clock: estimated through the control broker before,
 * during and after the load, and written beside the peers' files as {@code clocks.json} for the report. Not
 * thread-safe: the runner's thread calls it.
 */
final class PeerClocks {
    private final TestPeers peers;
    private final TestState state;
    private final ClockWatch watch;

    PeerClocks(TestPeers peers, TestState state) {
        this.peers = peers;
        this.state = state;
        this.watch = new ClockWatch(peers::pingEach);
    }

    /**
     * Estimates the offsets of the live peers at this phase; nothing when the control broker is unreachable, or before
     * and during the load of a test that already ended.
     */
    void estimate(String phase) {
        if (state.brokerGone() || !peers.isConnected() || (state.aborted() && !ClockEstimate.AFTER.equals(phase))) {
            return;
        }
        Set<String> live = state.livePeerIds();
        if (!live.isEmpty()) {
            watch.estimate(phase, live);
        }
    }

    /** Writes {@code clocks.json} into the iteration directory; nothing when no peer has an estimate. */
    void write(Path directory, String runId) throws IOException {
        Map<String, List<ClockEstimate>> estimates = watch.estimates();
        List<ClockReadings.Peer> entries = new ArrayList<>();
        for (PeerInfo peer : state.peers()) {
            List<ClockEstimate> of = estimates.get(peer.id());
            if (of != null) {
                entries.add(new ClockReadings.Peer(peer.qualifiedName(), peer.role(), peer.host(), of));
            }
        }
        if (!entries.isEmpty()) {
            new ClockReadings(ClockReadings.FORMAT_VERSION, runId, entries).write(directory);
        }
    }
}
