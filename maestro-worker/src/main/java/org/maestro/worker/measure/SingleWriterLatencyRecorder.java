package org.maestro.worker.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records one latency of one connection in microseconds, warm-up values apart from measured ones. Safe for one
 * writer thread (the connection's) and one reader thread (the interval writer) at the same time; not for two
 * writers.
 */
public final class SingleWriterLatencyRecorder {
    /** The highest value recorded: one hour in µs; larger values are recorded as this. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    /** Significant decimal digits kept. */
    public static final int DIGITS = 3;

    private final SingleWriterRecorder measured = new SingleWriterRecorder(HIGHEST_MICROS, DIGITS);
    private final SingleWriterRecorder warmUp = new SingleWriterRecorder(HIGHEST_MICROS, DIGITS);
    private Histogram measuredSpare;
    private Histogram warmUpSpare;

    /** Records a value; negative values (clock steps between hosts) count as 0. */
    public void record(long micros, boolean duringWarmUp) {
        long value = micros < 0 ? 0 : Math.min(micros, HIGHEST_MICROS);
        (duringWarmUp ? warmUp : measured).recordValue(value);
    }

    /** Reader side: adds what was recorded since the last call to the two sums. */
    void drainInto(Histogram measuredSum, Histogram warmUpSum) {
        measuredSpare = measured.getIntervalHistogram(measuredSpare);
        warmUpSpare = warmUp.getIntervalHistogram(warmUpSpare);
        measuredSum.add(measuredSpare);
        warmUpSum.add(warmUpSpare);
    }

    /** A new, empty histogram of the same range and precision. */
    static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, DIGITS);
    }
}
