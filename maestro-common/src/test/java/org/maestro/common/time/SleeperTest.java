package org.maestro.common.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The waits of {@link Sleeper}: a deadline is never passed and an interrupt ends a wait. */
class SleeperTest {

    @Test
    void awaitUntilStopsAtTheDeadlineWhenTheConditionNeverHolds() throws InterruptedException {
        ManualClock clock = new ManualClock(1_000);
        boolean held = clock.awaitUntil(() -> false, clock, 1_000 + 2_500_000, Duration.ofSeconds(1));
        assertFalse(held);
        assertEquals(1_000 + 2_500_000, clock.nowMicros(), "the last wait is cut short at the deadline");
    }

    @Test
    void awaitUntilReturnsAsSoonAsTheConditionHolds() throws InterruptedException {
        ManualClock clock = new ManualClock();
        boolean held = clock.awaitUntil(() -> clock.nowMicros() >= 300_000, clock, 10_000_000, Duration.ofMillis(100));
        assertTrue(held);
        assertEquals(300_000, clock.nowMicros());
    }

    @Test
    void theSystemSleeperWaitsAtLeastAsLongAsAsked() throws InterruptedException {
        long start = System.nanoTime();
        Sleeper.system().sleep(Duration.ofMillis(20));
        assertTrue(System.nanoTime() - start >= Duration.ofMillis(20).toNanos());
    }

    @Test
    void theSystemSleeperStopsWhenInterrupted() {
        Thread.currentThread().interrupt();
        long start = System.nanoTime();
        try {
            Sleeper.system().sleep(Duration.ofSeconds(30));
        } catch (InterruptedException expected) {
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
            return;
        }
        throw new AssertionError("an interrupted sleep must throw InterruptedException");
    }
}
