package org.maestro.client.clock;

import java.util.Collection;
import java.util.Optional;
import org.maestro.common.client.PingSample;
import org.maestro.reporter.ClockEstimate;

/**
 * Turns the PING exchanges with one peer into one estimate of its clock offset, NTP-style: the exchange with the
 * shortest round trip is the one least disturbed by queueing, and the peer read its clock somewhere within it, so its
 * offset is {@code elapsed − roundTrip / 2} give or take half the round trip.
 */
final class ClockFilter {
    private ClockFilter() {}

    /** The estimate from the best of the exchanges, empty when there is none (or none with a round trip ≥ 0). */
    static Optional<ClockEstimate> estimate(String phase, Collection<PingSample> exchanges) {
        PingSample best = null;
        int taken = 0;
        for (PingSample sample : exchanges) {
            if (sample.roundTripMicros() < 0) {
                continue;
            }
            taken++;
            if (best == null || sample.roundTripMicros() < best.roundTripMicros()) {
                best = sample;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        long roundTrip = best.roundTripMicros();
        return Optional.of(new ClockEstimate(
                phase,
                Math.floorDiv(best.sentMicros(), 1000L),
                best.elapsedMicros() - roundTrip / 2,
                (roundTrip + 1) / 2,
                roundTrip,
                taken));
    }
}
