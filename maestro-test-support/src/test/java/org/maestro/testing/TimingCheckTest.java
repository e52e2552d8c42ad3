package org.maestro.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A timing check is retried while the machine is too busy, and skipped or failed, never passed, when it stays so. */
class TimingCheckTest {

    @Test
    void retriesUntilARunCanBeJudgedAndReturnsThatRun() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        int judged = TimingCheck.untilJudgeable(
                3, runs::incrementAndGet, run -> run < 2 ? Optional.of("busy " + run) : Optional.empty(), "true");
        assertEquals(2, judged);
        assertEquals(2, runs.get());
    }

    @Test
    void isSkippedOutsideCiWhenNoRunCanBeJudged() {
        AtomicInteger runs = new AtomicInteger();
        TestAbortedException skipped = assertThrows(
                TestAbortedException.class,
                () -> TimingCheck.untilJudgeable(
                        3, runs::incrementAndGet, run -> Optional.of("median send delay " + run + " s"), null));
        assertEquals(3, runs.get());
        assertTrue(skipped.getMessage().contains("in 3 attempts (last: median send delay 3 s)"), skipped.getMessage());
    }

    @Test
    void failsUnderCiWhenNoRunCanBeJudged() {
        AssertionFailedError failed = assertThrows(
                AssertionFailedError.class,
                () -> TimingCheck.untilJudgeable(2, () -> 1, run -> Optional.of("busy"), "true"));
        assertTrue(failed.getMessage().contains("too busy to judge the timing in 2 attempts"), failed.getMessage());
    }
}
