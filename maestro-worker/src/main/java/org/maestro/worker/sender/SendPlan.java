package org.maestro.worker.sender;

import org.maestro.common.options.MessageSize;
import org.maestro.common.options.RateProfile;
import org.maestro.common.options.TestDuration;
import org.maestro.common.options.TestOptions;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.payload.BodyPlan;

/**
 * What each connection of a sender sends: message size, rate per connection (0 = unbounded), warm-up, duration
 * (by time or by number of measured messages), whether released messages are sent again, how many priming
 * messages go before the timeline, the run tag its messages carry, what their bodies are made of, and the rate
 * profile that replaces the rate (null without one). Immutable.
 */
public record SendPlan(
        MessageSize size,
        int rate,
        long warmUpMicros,
        TestDuration duration,
        boolean resendReleased,
        int primingMessages,
        int runTag,
        BodyPlan bodies,
        RateProfile profile) {

    /** How long after its last new message a sender may go on sending again released messages, unless timed. */
    static final long RESEND_TAIL_MICROS = 2_000_000;

    /** A plan without priming messages, of a run without RUN_ID, whose bodies are zero bytes after the header. */
    public SendPlan(MessageSize size, int rate, long warmUpMicros, TestDuration duration, boolean resendReleased) {
        this(size, rate, warmUpMicros, duration, resendReleased, 0, 0, BodyPlan.zeros(size), null);
    }

    /** A plan without priming messages that counts released messages as refused instead of sending them again. */
    public SendPlan(MessageSize size, int rate, long warmUpMicros, TestDuration duration) {
        this(size, rate, warmUpMicros, duration, false);
    }

    /** The plan of the given options. */
    public static SendPlan of(TestOptions options) {
        return new SendPlan(
                options.messageSize(),
                options.rate(),
                options.warmUp().toNanos() / 1_000,
                options.duration(),
                options.resendReleased(),
                options.primingMessages(),
                MessageStamp.runTag(options.runId().orElse(null)),
                BodyPlan.generated(options.messageSize(), options.payloadRandomPercent()),
                options.rateProfile().orElse(null));
    }

    /** The same plan with other bodies (those of payload files). */
    public SendPlan withBodies(BodyPlan other) {
        return new SendPlan(
                size, rate, warmUpMicros, duration, resendReleased, primingMessages, runTag, other, profile);
    }

    /** When a timed run started at {@code startMicros} ends (warm-up plus duration), or MAX_VALUE for a count. */
    public long endMicros(long startMicros) {
        return duration.isTimed() ? startMicros + warmUpMicros + duration.time().toNanos() / 1_000 : Long.MAX_VALUE;
    }

    /** When a timed run whose warm-up ended at {@code warmUpEndMicros} ends (plus the duration), or MAX_VALUE for a count. */
    public long endAfterWarmUp(long warmUpEndMicros) {
        return duration.isTimed() ? warmUpEndMicros + duration.time().toNanos() / 1_000 : Long.MAX_VALUE;
    }

    /**
     * How long after {@link #endMicros} a fixed-rate sender that fell behind may go on sending the messages due
     * before the end: a tenth of the run, at least 1 s and at most 10 s. Messages not sent by then are not sent.
     */
    public long catchUpMicros() {
        if (!duration.isTimed() || (rate == 0 && profile == null)) {
            return 0;
        }
        long tenth = (warmUpMicros + duration.time().toNanos() / 1_000) / 10;
        return Math.max(1_000_000, Math.min(10_000_000, tenth));
    }
}
