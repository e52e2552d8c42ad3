package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * Whether the load generator, not the system under test, set a run's figures: each sender's and receiver's own health
 * over the measured window (its {@code health.csv}), judged against the GENERATOR_* thresholds. A run is
 * <em>generator-bound</em> when one of them was saturated in more than GENERATOR_SHARE of the measured seconds: its
 * CPU used and waited for reached GENERATOR_CPU of its cores, its 1 ms sleeper woke later than GENERATOR_HICCUP, or
 * (a sender) its send delay p99 passed GENERATOR_SEND_DELAY. Such a run measured the generator: its throughput is not
 * the system's capacity and its latency not the system's latency. docs/measurement.md says how each figure is taken.
 *
 * @param bound true when a peer was saturated too often
 * @param reason the saturated peers and why ("receiver-1@lab-2: CPU used + waited ≥ 90% of 1 core in 64% of the
 *     measured seconds"); null when not bound
 * @param limits the thresholds judged against
 * @param peers every sender and receiver with a health file
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record GeneratorHealth(boolean bound, String reason, Limits limits, List<Peer> peers) {

    /** The thresholds as the test set them (GENERATOR_CPU, GENERATOR_SHARE, GENERATOR_HICCUP, GENERATOR_SEND_DELAY). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Limits(String cpu, String share, String hiccup, String sendDelay) {}

    /**
     * One sender's or receiver's health over the measured seconds; a figure its machine could not measure is null and
     * named in {@code absent} with the reason.
     *
     * @param peer its qualified name
     * @param role sender or receiver
     * @param cores the cores its process could use
     * @param seconds the measured seconds judged
     * @param bound true when one of its figures was saturated in more than GENERATOR_SHARE of them
     * @param reasons why it is bound (empty when not)
     * @param cpuMeanPercent mean CPU used, % of its cores
     * @param cpuPeakPercent the highest second's CPU used
     * @param cpuWaitPeakPercent the highest second's CPU waited for (runnable, no core free)
     * @param cpuSaturatedPercent % of the seconds whose CPU used + waited reached GENERATOR_CPU
     * @param gcPauseMillis the garbage collector's pauses in the window, summed
     * @param gcLongestMillis the longest of them
     * @param hiccupP99Micros the worst second's p99 of how late the 1 ms sleeper woke
     * @param hiccupLimitMicros GENERATOR_HICCUP in µs; null when it is the response-time p50 and none was measured
     * @param hiccupSaturatedPercent % of the seconds whose hiccup p99 passed the limit
     * @param sendDelayP99Micros a sender's worst second's send delay p99
     * @param sendDelayLimitMicros GENERATOR_SEND_DELAY in µs; null at an unbounded rate with a percentage limit
     * @param sendDelaySaturatedPercent % of the seconds whose send delay p99 passed the limit
     * @param absent the figures not measured, with why
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Peer(
            String peer,
            String role,
            int cores,
            int seconds,
            boolean bound,
            List<String> reasons,
            Double cpuMeanPercent,
            Double cpuPeakPercent,
            Double cpuWaitPeakPercent,
            Double cpuSaturatedPercent,
            Double gcPauseMillis,
            Double gcLongestMillis,
            Long hiccupP99Micros,
            Long hiccupLimitMicros,
            Double hiccupSaturatedPercent,
            Long sendDelayP99Micros,
            Long sendDelayLimitMicros,
            Double sendDelaySaturatedPercent,
            Map<String, String> absent) {}
}
