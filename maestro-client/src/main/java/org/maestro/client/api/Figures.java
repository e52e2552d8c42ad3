package org.maestro.client.api;

import java.util.HashMap;
import java.util.Map;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.LatencyStats;

/** The headline figures of a test iteration, from the reporter's summary of the collected files. */
final class Figures {
    private Figures() {
    }

    /** The reporter's summary of an iteration, or empty when its files cannot be summarized. */
    static java.util.Optional<TestSummary> summarize(java.nio.file.Path iterationDirectory) {
        try {
            return java.util.Optional.of(Reporter.summarize(iterationDirectory));
        } catch (RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * The headline figures of a summary: counts (lost split into refused and vanished, and the send outcomes when
     * the senders counted them), mean rate and response-time percentiles in ms.
     */
    static Map<String, Number> of(TestSummary summary) {
        Map<String, Number> figures = new HashMap<>();
        figures.put("sent", summary.messages().sent());
        figures.put("received", summary.messages().received());
        figures.put("lost", summary.messages().lost());
        figures.put("refused", summary.messages().refused());
        figures.put("vanished", summary.messages().vanished());
        OutcomeCounts outcomes = summary.messages().outcomes();
        if (outcomes != null) {
            figures.put("accepted", outcomes.accepted());
            figures.put("released", outcomes.released());
            figures.put("rejected", outcomes.rejected());
            figures.put("modified", outcomes.modified());
            figures.put("failed", outcomes.failed());
        }
        figures.put("duplicates", summary.messages().duplicates());
        figures.put("outOfOrder", summary.messages().outOfOrder());
        figures.put("errors", summary.messages().errors());
        figures.put("meanRate", summary.throughput());
        if (summary.rate() != null) {
            figures.put("measuredSent", summary.rate().sender().total());
            figures.put("measuredReceived", summary.rate().receiver().total());
        }
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
