package org.maestro.client.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.client.PingSample;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.reporter.ClockEstimate;

/** The estimate of a peer's clock offset: the exchange with the shortest round trip, NTP-style. */
class ClockFilterTest {
    private static final PeerInfo PEER = new PeerInfo("1", "sender-1", "a", "sender");

    @Test
    void theShortestRoundTripGivesTheOffsetWithinHalfOfIt() {
        // the peer's clock runs 5,000 µs ahead; the one-way delays differ, and the second exchange queued longest
        List<PingSample> exchanges = List.of(
                new PingSample(PEER, 1_000_000, 1_000_301, 5_000 + 100), // out 100, back 201: round trip 301
                new PingSample(PEER, 2_000_000, 2_009_000, 5_000 + 8_000), // out 8,000, back 1,000
                new PingSample(PEER, 3_000_000, 3_000_500, 5_000 + 400)); // out 400, back 100

        ClockEstimate estimate =
                ClockFilter.estimate(ClockEstimate.DURING, exchanges).orElseThrow();

        assertEquals(301, estimate.roundTripMicros());
        assertEquals(5_100 - 150, estimate.offsetMicros(), "elapsed − round trip / 2");
        assertEquals(151, estimate.uncertaintyMicros(), "half the round trip, rounded up");
        assertTrue(Math.abs(estimate.offsetMicros() - 5_000) <= estimate.uncertaintyMicros());
        assertEquals(1_000, estimate.atMillis());
        assertEquals(3, estimate.exchanges());
        assertEquals(ClockEstimate.DURING, estimate.phase());
    }

    @Test
    void noExchangeGivesNoEstimate() {
        assertTrue(ClockFilter.estimate(ClockEstimate.BEFORE, List.of()).isEmpty());
    }
}
