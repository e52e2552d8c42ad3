package org.maestro.worker.sender;

/**
 * When a sender connection sends released messages again, and with which intended time. Messages are sent again in
 * rounds: the first at once, then after a pause that starts at {@value #FIRST_PAUSE_MICROS} µs and doubles up to
 * {@value #MAX_PAUSE_MICROS} µs while the system accepts nothing, so a system that releases everything at once is not
 * hammered; a round after which the system accepted something again is followed by none. Without a fixed rate, the
 * intended time of a message is its first actual send time, remembered for the last {@value #REMEMBERED} messages
 * (an older one is sent again as if intended now). Used by the connection's thread only.
 */
final class ResendSchedule {
    static final long FIRST_PAUSE_MICROS = 10_000;
    static final long MAX_PAUSE_MICROS = 500_000;
    static final int REMEMBERED = 4096;

    private final SendTimeline timeline;
    private final long[] intended;
    private long pauseMicros;
    private long nextRoundMicros;
    private long acceptedAtLastRound;

    /** @param timeline the connection's timeline (fixed rate or profile), or null when it sends as fast as it can */
    ResendSchedule(SendTimeline timeline) {
        this.timeline = timeline;
        this.intended = timeline == null ? new long[REMEMBERED] : null;
    }

    /** Remembers the intended time of a new message. */
    void sent(long sequence, long intendedMicros) {
        if (intended != null) {
            intended[(int) (sequence & (REMEMBERED - 1))] = intendedMicros;
        }
    }

    /** The intended time of a message sent before, given the next new sequence number and the time now. */
    long intendedMicros(long sequence, long nextSequence, long nowMicros) {
        if (timeline != null) {
            return timeline.intendedMicros(sequence);
        }
        return nextSequence - sequence <= REMEMBERED ? intended[(int) (sequence & (REMEMBERED - 1))] : nowMicros;
    }

    /** True when a round may start now. */
    boolean due(long nowMicros) {
        return nowMicros >= nextRoundMicros;
    }

    /** How long until the next round may start. */
    long waitMicros(long nowMicros) {
        return Math.max(0, nextRoundMicros - nowMicros);
    }

    /** Sets the pause before the next round, given how many attempts the system accepted so far. */
    void roundDone(long nowMicros, long acceptedSoFar) {
        if (acceptedSoFar > acceptedAtLastRound) {
            pauseMicros = 0;
        } else {
            pauseMicros = pauseMicros == 0 ? FIRST_PAUSE_MICROS : Math.min(MAX_PAUSE_MICROS, pauseMicros * 2);
        }
        acceptedAtLastRound = acceptedSoFar;
        nextRoundMicros = nowMicros + pauseMicros;
    }
}
