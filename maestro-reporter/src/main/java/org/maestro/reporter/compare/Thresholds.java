package org.maestro.reporter.compare;

import java.util.List;
import org.maestro.reporter.LatencyStats;

/**
 * When a current run counts as a regression against its baseline. Defaults ({@link #DEFAULTS}):
 * throughput (mean receive rate) more than 10% lower, or a p50/p90/p99 of response or service
 * time more than 20% higher, or a baseline that passed and a current run that did not.
 *
 * @param throughputDropPercent largest allowed throughput drop, percent of the baseline
 * @param latencyRisePercent largest allowed latency rise, percent of the baseline
 * @param percentiles latency percentiles checked (p50, p90, p95, p99, p99.9, p99.99, max)
 * @param metrics latency metrics checked (responseTime, serviceTime, sendDelay, jitter: its |J| figures)
 * @param outcomeMatters true to count "baseline passed, current did not" as a regression
 */
public record Thresholds(
        double throughputDropPercent,
        double latencyRisePercent,
        List<String> percentiles,
        List<String> metrics,
        boolean outcomeMatters) {

    /** Latency metric names. */
    public static final List<String> METRICS = List.of("responseTime", "serviceTime", "sendDelay", "jitter");

    /** The documented defaults. */
    public static final Thresholds DEFAULTS =
            new Thresholds(10.0, 20.0, List.of("p50", "p90", "p99"), List.of("responseTime", "serviceTime"), true);

    public Thresholds {
        if (throughputDropPercent < 0 || latencyRisePercent < 0) {
            throw new IllegalArgumentException("thresholds are percentages ≥ 0, got throughput drop "
                    + throughputDropPercent + " and latency rise " + latencyRisePercent);
        }
        for (String p : percentiles) {
            if (!LatencyStats.PERCENTILES.contains(p)) {
                throw new IllegalArgumentException(
                        "unknown percentile '" + p + "'; use some of " + String.join(", ", LatencyStats.PERCENTILES));
            }
        }
        for (String m : metrics) {
            if (!METRICS.contains(m)) {
                throw new IllegalArgumentException(
                        "unknown latency metric '" + m + "'; use some of " + String.join(", ", METRICS));
            }
        }
        percentiles = List.copyOf(percentiles);
        metrics = List.copyOf(metrics);
    }

    public Thresholds withThroughputDrop(double percent) {
        return new Thresholds(percent, latencyRisePercent, percentiles, metrics, outcomeMatters);
    }

    public Thresholds withLatencyRise(double percent) {
        return new Thresholds(throughputDropPercent, percent, percentiles, metrics, outcomeMatters);
    }

    public Thresholds withPercentiles(List<String> checked) {
        return new Thresholds(throughputDropPercent, latencyRisePercent, checked, metrics, outcomeMatters);
    }

    public Thresholds withMetrics(List<String> checked) {
        return new Thresholds(throughputDropPercent, latencyRisePercent, percentiles, checked, outcomeMatters);
    }

    public Thresholds withOutcomeMatters(boolean matters) {
        return new Thresholds(throughputDropPercent, latencyRisePercent, percentiles, metrics, matters);
    }
}
