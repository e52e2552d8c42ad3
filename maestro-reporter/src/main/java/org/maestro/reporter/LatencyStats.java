package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Latency percentiles of one metric (response time, service time or send delay), merged over
 * every peer that records it and every measured interval; values in microseconds.
 *
 * <p>Each percentile is HdrHistogram's {@code getValueAtPercentile}, i.e. the highest value
 * equivalent (at 3 significant digits) to the recorded value at that rank.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"unit", "count", "mean", "p50", "p90", "p95", "p99", "p99_9", "p99_99", "max"})
public record LatencyStats(
        long count,
        double mean,
        long p50,
        long p90,
        long p95,
        long p99,
        @JsonProperty("p99_9") long p999,
        @JsonProperty("p99_99") long p9999,
        long max) {

    /** The unit of every value: microseconds. */
    @JsonProperty("unit")
    public String unit() {
        return "us";
    }

    /** The value at the given percentile name: p50, p90, p95, p99, p99.9, p99.99 or max. */
    public long valueAt(String percentile) {
        switch (percentile) {
            case "p50":
                return p50;
            case "p90":
                return p90;
            case "p95":
                return p95;
            case "p99":
                return p99;
            case "p99.9":
                return p999;
            case "p99.99":
                return p9999;
            case "max":
                return max;
            default:
                throw new IllegalArgumentException(
                        "unknown percentile '" + percentile + "'; use one of p50, p90, p95, p99, p99.9, p99.99, max");
        }
    }

    /** The percentile names {@link #valueAt} knows, lowest first. */
    public static final java.util.List<String> PERCENTILES =
            java.util.List.of("p50", "p90", "p95", "p99", "p99.9", "p99.99", "max");
}
