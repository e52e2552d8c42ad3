package org.maestro.worker.sender;

/**
 * A sender connection on a timeline: message {@code i} is due at its time on the {@link FixedRateTimeline}, or on the
 * {@link ProfileTimeline} of the plan's rate profile.
 */
final class FixedRateLoop extends SenderConnection {
    private SendTimeline timeline;

    FixedRateLoop(Parts parts) {
        super(parts);
    }

    @Override
    void begin(long start) {
        timeline = plan.profile() != null
                ? new ProfileTimeline(start, plan.warmUpMicros(), plan.profile())
                : new FixedRateTimeline(start, plan.rate());
    }

    @Override
    ResendSchedule resendSchedule() {
        return new ResendSchedule(timeline);
    }

    @Override
    long nextSend(long sequence, long end, long lastChance) throws InterruptedException {
        long intended = timeline.intendedMicros(sequence);
        if (intended >= end) {
            return PAST_END;
        }
        if (!waitUntil(intended, lastChance)) {
            return STOPPED;
        }
        // late messages due before the end still go, until the end plus catch-up
        return sendableBefore(lastChance, intended, beforeSend(sequence));
    }

    @Override
    long openEndedMeasuredEnd(long lastIntended, long lastActual) {
        // only a run by message count has no end time, and only at a fixed rate (a profile's run is timed)
        return Math.max(lastActual, lastIntended + 1_000_000L / Math.max(1, plan.rate()));
    }

    @Override
    long resendTailEnd(long end, long lastChance) {
        return end != Long.MAX_VALUE ? lastChance : clock.nowMicros() + SendPlan.RESEND_TAIL_MICROS;
    }
}
