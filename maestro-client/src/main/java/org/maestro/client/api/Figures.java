package org.maestro.client.api;

import java.util.HashMap;
import java.util.Map;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.LatencyStats;

/** The headline figures of a test iteration, from the reporter's summary of the collected files. */
final class Figures {
    /** 1 when the collected results report a failure the client did not see itself (removed before reporting). */
    static final String PEERS_FAILED = "peersFailed";

    private Figures() {
    }

    static Map<String, Number> of(java.nio.file.Path iterationDirectory) {
        Map<String, Number> figures = new HashMap<>();
        TestSummary summary;
        try {
            summary = Reporter.summarize(iterationDirectory);
        } catch (RuntimeException e) {
            return figures;
        }
        figures.put("sent", summary.messages().sent());
        figures.put("received", summary.messages().received());
        figures.put("lost", summary.messages().lost());
        figures.put("duplicates", summary.messages().duplicates());
        figures.put("outOfOrder", summary.messages().outOfOrder());
        figures.put("errors", summary.messages().errors());
        figures.put("meanRate", summary.throughput());
        figures.put(PEERS_FAILED, summary.outcome() == org.maestro.reporter.Outcome.FAILURE ? 1 : 0);
        LatencyStats response = summary.latency() == null ? null : summary.latency().responseTime();
        if (response != null) {
            figures.put("responseP50Ms", response.p50() / 1000.0);
            figures.put("responseP90Ms", response.p90() / 1000.0);
            figures.put("responseP99Ms", response.p99() / 1000.0);
            figures.put("responseMaxMs", response.max() / 1000.0);
        }
        return figures;
    }
}
