package org.maestro.worker.sender;

/**
 * The intended send times of one connection sending at a fixed rate: message {@code i} is due at
 * {@code start + i / rate}, whenever the messages before it were actually sent. A sender that falls behind thus
 * sends at once until it is back on the timeline, and the delay shows in the measurements instead of shifting the
 * schedule. Immutable.
 */
public record FixedRateTimeline(long startMicros, int rate) implements SendTimeline {

    public FixedRateTimeline {
        if (rate <= 0) {
            throw new IllegalArgumentException("a fixed-rate timeline needs a rate > 0, was " + rate);
        }
    }

    /** When message {@code index} (0-based) is due, in epoch µs. */
    @Override
    public long intendedMicros(long index) {
        return startMicros + index * 1_000_000L / rate;
    }
}
