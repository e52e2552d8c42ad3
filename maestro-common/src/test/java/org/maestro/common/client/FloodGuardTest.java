package org.maestro.common.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A peer is cut off once it sends more unasked notes within one second than the limit, and only then. */
class FloodGuardTest {
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final FloodGuard guard = new FloodGuard(3, nanos::get);

    @Test
    void aPeerOverTheLimitWithinOneSecondIsCutOffOnce() {
        assertFalse(guard.charge("a"));
        assertFalse(guard.charge("a"));
        assertFalse(guard.charge("a"));
        assertTrue(guard.charge("a"), "the fourth note within the second crosses the limit");
        assertTrue(guard.isCutOff("a"));
        assertFalse(guard.charge("a"), "said once");
        assertFalse(guard.isCutOff("b"), "other peers are not affected");
    }

    @Test
    void theSameNumberSpreadOverSecondsIsNoFlood() {
        int sent = 0;
        for (int second = 0; second < 10; second++) {
            for (int i = 0; i < 3; i++) {
                assertFalse(guard.charge("a"));
                sent++;
            }
            nanos.addAndGet(1_000_000_000L);
        }
        assertEquals(30, sent);
        assertFalse(guard.isCutOff("a"));
    }
}
