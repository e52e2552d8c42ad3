package org.maestro.worker.sender;

import java.util.List;
import org.maestro.common.options.RateProfile;

/**
 * The intended send times of one connection on a {@link RateProfile}, after a warm-up at the profile's starting rate:
 * message {@code k} is due when the integral of the rate from the start reaches {@code k}. In a step of rate r that
 * is constant spacing 1/r; in a ramp from a to b over D the integral is {@code a·t + (b − a)·t²/(2D)} and {@code t}
 * is the root of that quadratic, taken as {@code 2n / (a + √(a² + 2(b − a)·n/D))} ({@code n} the messages due in the
 * ramp before it), which holds for rising and falling ramps alike. A phase of rate 0 is a pause: no message is due
 * in it. The times depend on {@code k} only, never on when messages were actually sent, so a late sender catches
 * up instead of shifting the schedule.
 *
 * <p>Asked in order, as the sender's loop does, it only moves to the next phase; asked out of order (a message sent
 * again) it searches the phases from the first. No allocation per message. Used by one thread.
 */
public final class ProfileTimeline implements SendTimeline {
    private final long[] startMicros;
    private final double[] seconds;
    private final double[] fromRate;
    private final double[] toRate;
    /** Messages due before each segment; one more entry than segments, the last the total. */
    private final double[] before;

    private int current;

    /**
     * The timeline of a connection that starts at {@code start} (epoch µs), warms up for {@code warmUpMicros} at the
     * profile's starting rate, then follows the profile.
     */
    public ProfileTimeline(long start, long warmUpMicros, RateProfile profile) {
        List<RateProfile.Phase> phases = profile.phases();
        int warmUp = warmUpMicros > 0 ? 1 : 0;
        int segments = phases.size() + warmUp;
        startMicros = new long[segments];
        seconds = new double[segments];
        fromRate = new double[segments];
        toRate = new double[segments];
        before = new double[segments + 1];
        if (warmUp == 1) {
            segment(0, start, warmUpMicros, profile.startRate(), profile.startRate());
        }
        long profileStart = start + warmUpMicros;
        for (int i = 0; i < phases.size(); i++) {
            RateProfile.Phase phase = phases.get(i);
            segment(
                    i + warmUp,
                    profileStart + phase.offsetMillis() * 1_000,
                    phase.millis() * 1_000,
                    phase.fromRate(),
                    phase.toRate());
        }
    }

    private void segment(int i, long start, long micros, double from, double to) {
        startMicros[i] = start;
        seconds[i] = micros / 1e6;
        fromRate[i] = from;
        toRate[i] = to;
        before[i + 1] = before[i] + (from + to) / 2 * seconds[i];
    }

    /** How many messages the timeline holds: those due before its end. */
    public long messages() {
        return (long) Math.ceil(before[before.length - 1]);
    }

    @Override
    public long intendedMicros(long index) {
        if (index >= before[before.length - 1]) {
            return Long.MAX_VALUE;
        }
        if (index < before[current]) {
            current = 0;
        }
        while (index >= before[current + 1]) {
            current++;
        }
        double n = index - before[current];
        double a = fromRate[current];
        double b = toRate[current];
        double t;
        if (a == b) {
            t = n / a; // a step: a is above 0, or no message would be due in it
        } else {
            t = n <= 0 ? 0 : 2 * n / (a + Math.sqrt(Math.max(0, a * a + 2 * (b - a) * n / seconds[current])));
        }
        return startMicros[current] + Math.round(Math.min(t, seconds[current]) * 1e6);
    }
}
