package org.maestro.client.api;

/**
 * Decides, from the receivers' counts seen during a drain, when it may end: at once when they consumed every message
 * the senders sent ({@link DrainTarget#expected()}), otherwise once their consumed total (every message, priming
 * and stale ones included) stood still for {@link DrainTarget#quiet()}, not counting the time until the receivers
 * consume again after a planned RECEIVE_DELAY or RECEIVE_PAUSE. Not thread-safe.
 *
 * <pre>{@code
 * DrainJudge judge = new DrainJudge(target, clock.nowMicros());
 * DrainJudge.Verdict verdict = judge.judge(clock.nowMicros(), received, consumed);
 * }</pre>
 */
final class DrainJudge {
    /** What the counts say. */
    enum Verdict {
        /** Messages are still outstanding and the receivers made progress lately: wait. */
        WAIT,
        /** The receivers consumed every message the senders sent. */
        COMPLETE,
        /** Messages are outstanding, but nothing was consumed for the quiet period: what is missing is lost. */
        STALLED
    }

    private final DrainTarget target;
    private long lastConsumed = -1;
    private long lastProgressMicros;
    private final long heldUntilMicros;

    DrainJudge(DrainTarget target, long startMicros) {
        this(target, startMicros, 0);
    }

    /** A judge for receivers that consume nothing on purpose until {@code heldUntilMicros}. */
    DrainJudge(DrainTarget target, long startMicros, long heldUntilMicros) {
        this.target = target;
        this.lastProgressMicros = startMicros;
        this.heldUntilMicros = heldUntilMicros;
    }

    /** Judges the counts seen at {@code nowMicros}: this run's messages received, and every message consumed. */
    Verdict judge(long nowMicros, long received, long consumed) {
        if (target.isKnown() && received >= target.expected()) {
            return Verdict.COMPLETE;
        }
        if (consumed != lastConsumed) {
            lastConsumed = consumed;
            lastProgressMicros = nowMicros;
            return Verdict.WAIT;
        }
        return nowMicros - Math.max(lastProgressMicros, heldUntilMicros)
                        >= target.quiet().toNanos() / 1_000
                ? Verdict.STALLED
                : Verdict.WAIT;
    }
}
