package org.maestro.worker.sender;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When released messages are sent again, and with which intended time. */
class ResendScheduleTest {

    @Test
    void firstRoundAtOnceThenPausesThatDoubleWhileNothingIsAcceptedUpToHalfASecond() {
        ResendSchedule schedule = new ResendSchedule(null);
        long now = 1_000_000;
        assertTrue(schedule.due(now), "the first round starts at once");
        long[] expected = {10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 500_000, 500_000};
        for (long pause : expected) {
            schedule.roundDone(now, 0);
            assertFalse(schedule.due(now + pause - 1), "not before a pause of " + pause + " µs");
            assertEquals(pause, schedule.waitMicros(now));
            now += pause;
            assertTrue(schedule.due(now));
        }
    }

    @Test
    void aRoundAfterWhichTheSystemAcceptedAgainIsFollowedAtOnce() {
        ResendSchedule schedule = new ResendSchedule(null);
        schedule.roundDone(0, 5);
        assertTrue(schedule.due(0), "something was accepted since the last round");
        schedule.roundDone(0, 5);
        assertEquals(10_000, schedule.waitMicros(0), "nothing accepted since: pause");
        schedule.roundDone(10_000, 5);
        assertEquals(20_000, schedule.waitMicros(10_000));
        schedule.roundDone(30_000, 6);
        assertEquals(0, schedule.waitMicros(30_000), "accepted again: no pause");
    }

    @Test
    void intendedTimesComeFromTheTimelineOrTheFirstSend() {
        FixedRateTimeline timeline = new FixedRateTimeline(1_000_000, 1000);
        assertEquals(timeline.intendedMicros(42), new ResendSchedule(timeline).intendedMicros(42, 10_000, 99));

        ResendSchedule unbounded = new ResendSchedule(null);
        for (long sequence = 0; sequence < 10_000; sequence++) {
            unbounded.sent(sequence, 5_000_000 + sequence);
        }
        assertEquals(5_009_000, unbounded.intendedMicros(9_000, 10_000, 7), "remembered");
        assertEquals(
                7,
                unbounded.intendedMicros(10_000 - ResendSchedule.REMEMBERED - 1, 10_000, 7),
                "too old to be remembered: intended now");
    }
}
