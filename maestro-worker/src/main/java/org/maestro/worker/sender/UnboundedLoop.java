package org.maestro.worker.sender;

/** A sender connection without a rate: each message is due at once, its intended time its send time. */
final class UnboundedLoop extends SenderConnection {

    UnboundedLoop(Parts parts) {
        super(parts);
    }

    @Override
    void begin(long start) {
        // nothing is due at a set time
    }

    @Override
    ResendSchedule resendSchedule() {
        return new ResendSchedule(null);
    }

    @Override
    long nextSend(long sequence, long end, long lastChance) throws InterruptedException {
        long now = beforeSend(sequence);
        return sendableBefore(end, now, now);
    }

    @Override
    long openEndedMeasuredEnd(long lastIntended, long lastActual) {
        return lastActual;
    }

    @Override
    long resendTailEnd(long end, long lastChance) {
        return clock.nowMicros() + SendPlan.RESEND_TAIL_MICROS;
    }
}
