package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Locale;
import java.util.Map;

/**
 * The backlog of an iteration: the measured messages sent and not yet received, at its largest, and how the receivers
 * drained it. Serialised as the {@code backlog} of an iteration in summary.json (docs/reporting.md); absent when the
 * backlog never reached one second of the send rate.
 *
 * @param peak         the largest backlog, in messages (deliveries on a publish-subscribe address)
 * @param peakAt       when it was largest, in seconds from the first measured message sent
 * @param peakAtMillis when it was largest, in epoch ms
 * @param drainRate    how fast the backlog fell from its peak (msg/s), until it was drained or the test ended; null
 *                     when it never fell
 * @param drainSeconds how long it took from the peak to drained; null when it was not drained
 * @param remaining    what was left at the end when it was not drained (messages), else 0
 * @param flows        the figures of each flow, when the test had several (by FLOW); null otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"peak", "peakAt", "peakAtMillis", "drainRate", "drainSeconds", "remaining", "flows"})
public record BacklogSummary(
        long peak,
        double peakAt,
        long peakAtMillis,
        Double drainRate,
        Double drainSeconds,
        long remaining,
        Map<String, BacklogSummary> flows) {

    /** True when the backlog was drained. */
    @JsonIgnore
    public boolean drained() {
        return drainSeconds != null;
    }

    /** The same figures with the flows' own. */
    public BacklogSummary withFlows(Map<String, BacklogSummary> byFlow) {
        return new BacklogSummary(peak, peakAt, peakAtMillis, drainRate, drainSeconds, remaining, byFlow);
    }

    /** The figures in one line: {@code peak 3,000 msg at 4 s; drained at 96 msg/s in 31.2 s}. */
    public String describe() {
        return describe(peak, peakAt, drainRate, drainSeconds, remaining);
    }

    /** The figures in one line, from their values (null when unknown). */
    public static String describe(long peak, double peakAt, Double drainRate, Double drainSeconds, long remaining) {
        String head = String.format(Locale.ROOT, "peak %,d msg at %.0f s; ", peak, peakAt);
        if (drainSeconds != null) {
            return head
                    + String.format(
                            Locale.ROOT,
                            "drained at %,.0f msg/s in %.1f s",
                            drainRate == null ? 0 : drainRate,
                            drainSeconds);
        }
        return head
                + String.format(Locale.ROOT, "not drained: %,d msg remained", remaining)
                + (drainRate == null ? "" : String.format(Locale.ROOT, " (it fell at %,.0f msg/s)", drainRate));
    }
}
