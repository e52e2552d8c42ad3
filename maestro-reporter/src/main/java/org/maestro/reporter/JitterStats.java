package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Inter-arrival jitter of the receivers at a fixed rate ({@code J = t'_n − t'_{n−1} − T} per stream), merged over
 * every receiver and every measured interval of {@code jitter-late.hlog} and {@code jitter-early.hlog}; values in
 * microseconds.
 *
 * <p>The percentiles, mean and {@code max} are those of {@code |J|}, the late and early values added into one
 * histogram: how far an arrival strayed from the intended interval, either way. {@code lateMax} is the largest
 * {@code J} (a gap longer than intended: a stall, an outage; the "maximum jitter" of Luzuriaga et al. 2014), {@code earlyMax} the
 * largest {@code −J} (arrivals closer together than intended: the burst that follows a stall).
 *
 * <pre>{@code
 * JitterStats j = Reporter.summarize(dir).latency().jitter();   // null without a fixed rate
 * long worstStallMicros = j.lateMax();
 * }</pre>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
    "unit",
    "count",
    "mean",
    "p50",
    "p90",
    "p95",
    "p99",
    "p99_9",
    "p99_99",
    "max",
    "lateCount",
    "lateMax",
    "earlyCount",
    "earlyMax"
})
public record JitterStats(
        long count,
        double mean,
        long p50,
        long p90,
        long p95,
        long p99,
        @JsonProperty("p99_9") long p999,
        @JsonProperty("p99_99") long p9999,
        long max,
        long lateCount,
        long lateMax,
        long earlyCount,
        long earlyMax) {

    /** The unit of every value: microseconds. */
    @JsonProperty("unit")
    public String unit() {
        return "us";
    }

    /** The |J| figures as a latency metric, for tables and comparisons. */
    @JsonIgnore
    public LatencyStats magnitude() {
        return new LatencyStats(count, mean, p50, p90, p95, p99, p999, p9999, max);
    }
}
