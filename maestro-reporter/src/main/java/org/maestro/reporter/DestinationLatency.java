package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.HdrHistogram.Histogram;

/**
 * The measured response time of one destination or subscription: its receiver connections' histograms merged;
 * microseconds.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"unit", "count", "p50", "p99", "max"})
public record DestinationLatency(long count, long p50, long p99, long max) {

    /** The unit of every value: microseconds. */
    @JsonProperty("unit")
    public String unit() {
        return "us";
    }

    /** The figures of a histogram, null when it holds nothing. */
    public static DestinationLatency of(Histogram histogram) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return null;
        }
        return new DestinationLatency(
                histogram.getTotalCount(),
                histogram.getValueAtPercentile(50.0),
                histogram.getValueAtPercentile(99.0),
                histogram.getMaxValue());
    }
}
