package org.maestro.worker.receiver;

import java.util.concurrent.atomic.AtomicLong;
import org.maestro.common.options.ReceivePauses;
import org.maestro.common.options.TestOptions;

/**
 * When a receiver may consume (RECEIVE_DELAY, RECEIVE_PAUSE), shared by its connections: both count from the start of
 * the load, the intended send time of the first message of the load (not a priming one) that reached any of its
 * connections: when the senders' timelines started (the receivers attach before them).
 * The delay holds consuming until {@code first + RECEIVE_DELAY}; a pause {@code at A for L} holds it from
 * {@code first + WARM_UP + A} to {@code first + WARM_UP + A + L}, so its offsets are from the start of the measured
 * part. Thread-safe.
 */
final class ConsumeSchedule {
    private final long delayMicros;
    private final long warmUpMicros;
    private final long[] pauseStarts;
    private final long[] pauseEnds;
    private final AtomicLong firstArrivalMicros = new AtomicLong();

    ConsumeSchedule(long delayMicros, long warmUpMicros, ReceivePauses pauses) {
        this.delayMicros = delayMicros;
        this.warmUpMicros = warmUpMicros;
        this.pauseStarts = new long[pauses.pauses().size()];
        this.pauseEnds = new long[pauseStarts.length];
        for (int i = 0; i < pauseStarts.length; i++) {
            ReceivePauses.Pause pause = pauses.pauses().get(i);
            pauseStarts[i] = pause.at().toNanos() / 1000;
            pauseEnds[i] = pause.end().toNanos() / 1000;
        }
    }

    /** The schedule of a receiver's options. */
    static ConsumeSchedule of(TestOptions options) {
        return new ConsumeSchedule(
                options.receiveDelay().toNanos() / 1000, options.warmUp().toNanos() / 1000, options.receivePauses());
    }

    /** True when the schedule never holds consuming back. */
    boolean isFree() {
        return delayMicros == 0 && pauseStarts.length == 0;
    }

    /** Notes that a message of the load started at {@code startMicros}; the first such moment anchors the schedule. */
    void arrived(long startMicros) {
        if (firstArrivalMicros.get() == 0) {
            firstArrivalMicros.compareAndSet(0, startMicros);
        }
    }

    /** When consuming may go on, at or after {@code nowMicros}: {@code nowMicros} itself when it is not held back. */
    long resumeAt(long nowMicros) {
        long first = firstArrivalMicros.get();
        if (first == 0) {
            return nowMicros;
        }
        long resume = Math.max(nowMicros, first + delayMicros);
        long measuredStart = first + warmUpMicros;
        for (int i = 0; i < pauseStarts.length; i++) {
            long start = measuredStart + pauseStarts[i];
            long end = measuredStart + pauseEnds[i];
            if (resume >= start && resume < end) {
                resume = end; // pauses are in time order: a later one may start where this one ends
            }
        }
        return resume;
    }

    /** True while consuming is held back at {@code nowMicros} (the delay or a pause is going on). */
    boolean holding(long nowMicros) {
        return resumeAt(nowMicros) > nowMicros;
    }
}
