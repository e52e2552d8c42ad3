package org.maestro.client.api;

import java.util.List;

/** Receives each second's statistics of a running test, per peer and in total, e.g. to serve them as live metrics. */
public interface LiveStatistics {

    /** What one sender or receiver reported for its last second; latencies negative when it did not send them. */
    record PeerStatistics(
            String peer, String role, long count, double rate, long errors, double p50Ms, double p99Ms, double maxMs) {}

    /** A test iteration begins: what the previous one reported is no longer current. */
    void started(String test, int iteration);

    /** One second's statistics: every peer that answered, and the totals the progress line shows. */
    void update(String test, int iteration, List<PeerStatistics> peers, Progress.Snapshot total);

    /** Statistics that go nowhere. */
    static LiveStatistics none() {
        return new LiveStatistics() {
            @Override
            public void started(String test, int iteration) {}

            @Override
            public void update(String test, int iteration, List<PeerStatistics> peers, Progress.Snapshot total) {}
        };
    }
}
