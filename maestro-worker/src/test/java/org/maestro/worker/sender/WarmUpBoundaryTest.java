package org.maestro.worker.sender;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Where the warm-up ends: fixed, settled, or at its limit. */
class WarmUpBoundaryTest {
    private static final long START = 1_000_000_000L;
    private static final long LIMIT = 60_000_000L;

    private static Histogram delays(long... micros) {
        Histogram histogram = new Histogram(3_600_000_000L, 3);
        for (long value : micros) {
            histogram.recordValue(value);
        }
        return histogram;
    }

    private static Histogram p99Of(long low, long high) {
        Histogram histogram = delays();
        histogram.recordValueWithCount(low, 98);
        histogram.recordValueWithCount(high, 2);
        return histogram;
    }

    @Test
    void aFixedWarmUpNeverMoves() {
        WarmUpBoundary boundary = WarmUpBoundary.fixed(START, 5_000_000);
        assertFalse(boundary.afterInterval(delays(10, 20), START + 1_000_000));
        assertFalse(boundary.afterInterval(delays(10, 20), START + 2_000_000));
        assertEquals(START + 5_000_000, boundary.endMicros());
        assertFalse(boundary.auto());
    }

    @Test
    void anAutomaticWarmUpEndsAfterTwoConsecutiveSettledSeconds() {
        WarmUpBoundary boundary = WarmUpBoundary.automatic(START, LIMIT);
        assertEquals(START + LIMIT, boundary.endMicros(), "the limit until the send delay settles");
        // p99 above 10 ms, settled, above again (the count starts over), then settled twice
        assertFalse(boundary.afterInterval(p99Of(100, 50_000), START + 1_000_000));
        assertFalse(boundary.afterInterval(p99Of(100, 10_000), START + 2_000_000));
        assertFalse(boundary.afterInterval(p99Of(100, 10_100), START + 3_000_000));
        assertFalse(boundary.afterInterval(delays(), START + 4_000_000), "an interval without sends is not settled");
        assertFalse(boundary.afterInterval(p99Of(100, 9_000), START + 5_000_000));
        assertTrue(boundary.afterInterval(p99Of(100, 9_000), START + 6_000_000));
        assertEquals(START + 6_000_000 + WarmUpBoundary.MARGIN_MICROS, boundary.endMicros());
        assertTrue(boundary.settled());
        assertFalse(boundary.afterInterval(p99Of(100, 9_000), START + 7_000_000), "decided once");
        assertEquals(START + 6_000_000 + WarmUpBoundary.MARGIN_MICROS, boundary.endMicros());
    }

    @Test
    void anAutomaticWarmUpThatNeverSettlesEndsAtItsLimit() {
        WarmUpBoundary boundary = WarmUpBoundary.automatic(START, 3_000_000);
        for (int second = 1; second <= 5; second++) {
            assertFalse(
                    boundary.afterInterval(second < 3 ? p99Of(100, 60_000) : delays(10), START + second * 1_000_000L));
        }
        assertEquals(START + 3_000_000, boundary.endMicros());
        assertFalse(boundary.settled());
    }
}
