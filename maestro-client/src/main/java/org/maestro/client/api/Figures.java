package org.maestro.client.api;

import java.util.HashMap;
import java.util.Map;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.reporter.BacklogSummary;
import org.maestro.reporter.JitterStats;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;

/** The headline figures of a test iteration, from the reporter's summary of the collected files. */
final class Figures {
    private Figures() {}

    /** The reporter's summary of an iteration, or empty when its files cannot be summarized. */
    static java.util.Optional<TestSummary> summarize(java.nio.file.Path iterationDirectory) {
        try {
            return java.util.Optional.of(Reporter.summarize(iterationDirectory));
        } catch (RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * The headline figures of a summary: counts (an unknown one is absent; lost split into refused and vanished, and the send outcomes when
     * the senders counted them), mean rate, the receivers' drain after the senders stopped, response-time percentiles
     * in ms, the backlog's peak and drain when there was one and, at a fixed rate, the inter-arrival jitter in ms.
     */
    static Map<String, Number> of(TestSummary summary) {
        Map<String, Number> figures = of(summary.messages(), summary.rate(), summary.latency());
        if (summary.rate() != null) {
            PayloadFigures.put(figures, summary);
        }
        BacklogSummary backlog = summary.backlog();
        if (backlog != null) {
            figures.put("backlogPeak", backlog.peak());
            figures.put("backlogPeakAt", backlog.peakAt());
            figures.put("backlogRemaining", backlog.remaining());
            if (backlog.drainRate() != null) {
                figures.put("backlogDrainRate", backlog.drainRate());
            }
            if (backlog.drainSeconds() != null) {
                figures.put("backlogDrainSeconds", backlog.drainSeconds());
            }
        }
        RatePhaseFigures.put(figures, summary.rateProfile());
        return figures;
    }

    /** The headline figures of one part of an iteration (all of it, or one flow), as {@link #of(TestSummary)}. */
    private static Map<String, Number> of(
            MessageCounts messages, TestSummary.Rates rate, TestSummary.Latencies latency) {
        Map<String, Number> figures = new HashMap<>();
        putKnown(figures, "sent", messages.sent());
        figures.put("received", messages.received());
        putKnown(figures, "lost", messages.lost());
        putKnown(figures, "refused", messages.refused());
        putKnown(figures, "vanished", messages.vanished());
        OutcomeCounts outcomes = messages.outcomes();
        if (outcomes != null) {
            figures.put("accepted", outcomes.accepted());
            figures.put("released", outcomes.released());
            figures.put("rejected", outcomes.rejected());
            figures.put("modified", outcomes.modified());
            figures.put("failed", outcomes.failed());
        }
        figures.put("duplicates", messages.duplicates());
        figures.put("outOfOrder", messages.outOfOrder());
        figures.put("stale", messages.stale());
        figures.put("errors", messages.errors());
        figures.put("meanRate", rate == null ? 0.0 : headline(rate).mean());
        if (rate != null && headline(rate).megabytesPerSecond() != null) {
            figures.put("megabytesPerSecond", headline(rate).megabytesPerSecond());
        }
        if (rate != null) {
            figures.put("measuredSent", rate.sender().total());
            figures.put("measuredReceived", rate.receiver().total());
            TestSummary.Drain drain = rate.drained();
            if (drain != null) {
                figures.put("drained", drain.messages());
                figures.put("drainedMillis", drain.millis());
            }
            if (rate.sender() != null) {
                figures.put("sentRate", rate.sender().mean());
            }
        }
        LatencyStats response = latency == null ? null : latency.responseTime();
        if (response != null) {
            figures.put("responseP50Ms", response.p50() / 1000.0);
            figures.put("responseP90Ms", response.p90() / 1000.0);
            figures.put("responseP99Ms", response.p99() / 1000.0);
            figures.put("responseMaxMs", response.max() / 1000.0);
        }
        JitterStats jitter = latency == null ? null : latency.jitter();
        if (jitter != null) {
            figures.put("jitterLateMaxMs", jitter.lateMax() / 1000.0);
            figures.put("jitterEarlyMaxMs", jitter.earlyMax() / 1000.0);
            figures.put("jitterP50Ms", jitter.p50() / 1000.0);
            figures.put("jitterP90Ms", jitter.p90() / 1000.0);
            figures.put("jitterP99Ms", jitter.p99() / 1000.0);
        }
        return figures;
    }

    /**
     * The rate the headline figures give ({@link TestSummary#throughput()}): the receivers' when they counted a
     * measured message, else the senders'.
     */
    private static RateStats headline(TestSummary.Rates rate) {
        if (rate.receiversCounted()) {
            return rate.receiver();
        }
        return rate.sender() == null ? RateStats.EMPTY : rate.sender();
    }

    /**
     * The headline figures of a summary ({@link #of}) and, for an iteration of several flows, those of each flow
     * under {@code flow.<name>.<figure>} ({@link FlowResults}).
     */
    static Map<String, Number> withFlows(TestSummary summary) {
        Map<String, Number> figures = of(summary);
        if (summary.flows() != null) {
            summary.flows().forEach((name, flow) -> {
                of(flow.messages(), flow.rate(), flow.latency())
                        .forEach((figure, value) -> figures.put(FlowResults.key(name, figure), value));
                figures.put(FlowResults.key(name, FlowResults.LOSS_HELD), flow.lossHeld() ? 1 : 0);
            });
        }
        return figures;
    }

    /** Puts a count that may be unknown: an unknown one is left out, never written as 0. */
    private static void putKnown(Map<String, Number> figures, String name, Long value) {
        if (value != null) {
            figures.put(name, value);
        }
    }
}
