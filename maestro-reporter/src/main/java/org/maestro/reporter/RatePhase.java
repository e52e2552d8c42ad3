package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One phase of a test's rate profile as it ran: summary.json's {@code rateProfile} elements. Rates in messages per
 * second; {@code from} and {@code to} per connection as RATE_PROFILE states them, the others over all sender
 * connections.
 *
 * @param phase 1-based position in the profile
 * @param text the phase as written, e.g. {@code ramp 5000 over 1m}
 * @param from the planned rate per connection at the phase's start
 * @param to the planned rate per connection at its end
 * @param plannedRate the mean planned rate of all sender connections: (from + to) ÷ 2 × the sender connections
 * @param startMillis epoch ms the phase started: the end of the senders' warm-up plus the phases before it
 * @param endMillis epoch ms it ended
 * @param sentRate the measured messages the senders sent within the phase ÷ its length
 * @param achievedRate the measured messages the receivers received within the phase ÷ its length
 * @param latencyP99 the p99 response time (µs) of the measured intervals whose middle lies in the phase; null when
 *     none has a value
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RatePhase(
        int phase,
        String text,
        long from,
        long to,
        double plannedRate,
        long startMillis,
        long endMillis,
        double sentRate,
        double achievedRate,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long latencyP99) {}
