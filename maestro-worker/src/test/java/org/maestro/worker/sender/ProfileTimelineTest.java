package org.maestro.worker.sender;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.common.options.RateProfile;

/**
 * The intended times of a rate profile against times found here another way: by bisection on the number of messages
 * the profile has planned by each microsecond (the integral of its rate, written out per phase below).
 */
class ProfileTimelineTest {
    private static final long START = 1_700_000_000_000_000L;

    @Test
    void stepsAreEvenlySpaced() {
        ProfileTimeline timeline = new ProfileTimeline(START, 0, RateProfile.parse("1000 for 2s, 250 for 2s"));
        assertEquals(2500, timeline.messages());
        assertEquals(START, timeline.intendedMicros(0));
        assertEquals(START + 1_999_000, timeline.intendedMicros(1999));
        assertEquals(START + 2_000_000, timeline.intendedMicros(2000));
        assertEquals(START + 2_004_000, timeline.intendedMicros(2001));
        assertEquals(START + 3_996_000, timeline.intendedMicros(2499));
        assertEquals(Long.MAX_VALUE, timeline.intendedMicros(2500), "past the end");
    }

    @Test
    void rampsFollowTheIntegralOfTheRate() {
        String text = "ramp 600 over 3s, 600 for 1s, ramp 100 over 2500ms, 0 for 1s, ramp 400 over 1s";
        assertMatchesBisection(text, 0);
        assertMatchesBisection("1000 for 1s, ramp 10 over 2s, ramp 3000 over 500ms", 300_000);
        assertMatchesBisection("200 for 3s, ramp 600 over 3s, 600 for 3s", 2_000_000);
    }

    @Test
    void aPauseSendsNothingAndTheNextPhaseStartsOnTime() {
        ProfileTimeline timeline = new ProfileTimeline(START, 0, RateProfile.parse("10 for 1s, 0 for 5s, 10 for 1s"));
        assertEquals(START + 900_000, timeline.intendedMicros(9));
        assertEquals(START + 6_000_000, timeline.intendedMicros(10), "the first message after the pause");
    }

    @Test
    void askedOutOfOrderItGivesTheSameTimes() {
        RateProfile profile = RateProfile.parse("ramp 500 over 2s, 500 for 1s, ramp 50 over 2s");
        ProfileTimeline inOrder = new ProfileTimeline(START, 1_000_000, profile);
        long[] times = new long[(int) inOrder.messages()];
        for (int k = 0; k < times.length; k++) {
            times[k] = inOrder.intendedMicros(k);
        }
        ProfileTimeline jumping = new ProfileTimeline(START, 1_000_000, profile);
        for (int k = times.length - 1; k >= 0; k -= 7) {
            assertEquals(times[k], jumping.intendedMicros(k), "message " + k);
            assertEquals(times[k / 3], jumping.intendedMicros(k / 3), "message " + k / 3);
        }
    }

    /**
     * Every intended time is the last microsecond by which the profile planned no more than that many messages, ±1 µs:
     * where the count reaches {@code k} and starts to grow past it (so after a pause, not at its start).
     */
    private static void assertMatchesBisection(String text, long warmUpMicros) {
        RateProfile profile = RateProfile.parse(text);
        ProfileTimeline timeline = new ProfileTimeline(START, warmUpMicros, profile);
        long total = (long) Math.ceil(
                planned(profile, warmUpMicros, warmUpMicros + profile.total().toMillis() * 1000));
        assertEquals(total, timeline.messages(), text);
        long previous = Long.MIN_VALUE;
        for (long k = 0; k < total; k++) {
            long lo = 0;
            long hi = warmUpMicros + profile.total().toMillis() * 1000;
            while (lo < hi) {
                long mid = (lo + hi) / 2;
                if (planned(profile, warmUpMicros, mid) > k + 1e-11) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            long intended = timeline.intendedMicros(k);
            assertTrue(
                    Math.abs(START + lo - intended) <= 1,
                    text + ": message " + k + " due at +" + lo + " µs, was +" + (intended - START));
            assertTrue(intended >= previous, "never earlier than the message before");
            previous = intended;
        }
        assertEquals(Long.MAX_VALUE, timeline.intendedMicros(total));
    }

    /** The messages planned from the start to {@code micros}: warm-up at the starting rate, then each phase. */
    private static double planned(RateProfile profile, long warmUpMicros, long micros) {
        double sum = Math.min(micros, warmUpMicros) / 1e6 * profile.startRate();
        for (RateProfile.Phase phase : profile.phases()) {
            double begin = warmUpMicros / 1e6 + phase.offsetMillis() / 1e3;
            double length = phase.millis() / 1e3;
            double t = Math.max(0, Math.min(length, micros / 1e6 - begin));
            sum += phase.fromRate() * t + (phase.toRate() - phase.fromRate()) * t * t / (2 * length);
        }
        return sum;
    }
}
