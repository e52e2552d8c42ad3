package org.maestro.worker.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.common.options.ReceivePauses;

/** When a receiver may consume: the delay from the first message, the pauses from the start of the measured part. */
class ConsumeScheduleTest {
    private static final long S = 1_000_000;

    @Test
    void holdsNothingBeforeTheFirstMessageNorWithoutDelayAndPauses() {
        ConsumeSchedule free = new ConsumeSchedule(0, 0, ReceivePauses.NONE);
        assertTrue(free.isFree());
        free.arrived(100 * S);
        assertEquals(100 * S, free.resumeAt(100 * S));
        ConsumeSchedule delayed = new ConsumeSchedule(3 * S, 0, ReceivePauses.NONE);
        assertFalse(delayed.holding(50 * S), "no message yet: nothing to hold back");
    }

    @Test
    void theDelayCountsFromTheFirstMessage() {
        ConsumeSchedule schedule = new ConsumeSchedule(3 * S, 10 * S, ReceivePauses.NONE);
        schedule.arrived(100 * S);
        schedule.arrived(101 * S); // a later arrival does not move the anchor
        assertEquals(103 * S, schedule.resumeAt(101 * S));
        assertTrue(schedule.holding(102 * S));
        assertFalse(schedule.holding(103 * S));
    }

    @Test
    void pausesCountFromTheEndOfTheWarmUpAndFollowEachOther() {
        ConsumeSchedule schedule =
                new ConsumeSchedule(0, 2 * S, ReceivePauses.parse("at 5s for 3s, at 8s for 1s, at 20s for 1s"));
        schedule.arrived(100 * S);
        assertEquals(106 * S, schedule.resumeAt(106 * S), "before the first pause (measured part starts at 102)");
        assertEquals(111 * S, schedule.resumeAt(107 * S), "in the first pause, which the second one continues");
        assertEquals(113 * S, schedule.resumeAt(113 * S), "between the pauses");
        assertEquals(123 * S, schedule.resumeAt(122 * S));
    }

    @Test
    void aDelayThatEndsInAPauseLastsUntilThePauseEnds() {
        ConsumeSchedule schedule = new ConsumeSchedule(4 * S, 0, ReceivePauses.parse("at 3s for 5s"));
        schedule.arrived(100 * S);
        assertEquals(108 * S, schedule.resumeAt(100 * S));
    }
}
