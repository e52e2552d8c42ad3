package org.maestro.worker.sender;

/** A sender connection at a fixed rate: message {@code i} is due at its time on the {@link FixedRateTimeline}. */
final class FixedRateLoop extends SenderConnection {
    private FixedRateTimeline timeline;

    FixedRateLoop(Parts parts) {
        super(parts);
    }

    @Override
    void begin(long start) {
        timeline = new FixedRateTimeline(start, plan.rate());
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
        return Math.max(lastActual, lastIntended + 1_000_000L / timeline.rate());
    }

    @Override
    long resendTailEnd(long end, long lastChance) {
        return end != Long.MAX_VALUE ? lastChance : clock.nowMicros() + SendPlan.RESEND_TAIL_MICROS;
    }
}
