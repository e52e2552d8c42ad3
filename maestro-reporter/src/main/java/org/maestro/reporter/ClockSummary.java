package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How far apart the clocks of a test's senders and receivers were, as the runner estimated them, against the measured
 * median response time. Response time is the receiver's clock at arrival minus the sender's intended send time on its
 * own clock, so every response time between a sender and a receiver is off by the difference of their clocks.
 *
 * @param limitFraction the fraction of the p50 response time a clock difference may reach before the report warns
 * @param limitMicros {@code limitFraction} × the measured p50 response time, µs; null when no response time was
 *     measured
 * @param largest the sender–receiver pair whose clocks differed the most beyond the uncertainty of the difference;
 *     null when no sender and receiver both have an estimate of one phase
 * @param warning the warning when {@code largest} differs by more than the limit, beyond its uncertainty; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClockSummary(double limitFraction, Long limitMicros, Difference largest, String warning) {

    /**
     * The difference of a receiver's clock and a sender's at one phase: what it adds to every response time between
     * them.
     *
     * @param sender the sender's qualified name
     * @param receiver the receiver's qualified name
     * @param phase the phase both estimates were taken at
     * @param differenceMicros the receiver's offset minus the sender's, µs: positive when the receiver's clock is
     *     ahead (the response times are too long), negative when it is behind (too short)
     * @param uncertaintyMicros the sum of both estimates' uncertainties, µs
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Difference(
            String sender, String receiver, String phase, long differenceMicros, long uncertaintyMicros) {

        /** How far the difference is beyond its uncertainty for certain, µs (0 when it may be none). */
        public long certainMicros() {
            return Math.max(0, Math.abs(differenceMicros) - uncertaintyMicros);
        }
    }
}
