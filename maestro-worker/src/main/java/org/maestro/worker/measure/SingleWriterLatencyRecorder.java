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
    private Histogram measuredTotal;

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
        if (measuredTotal != null && measuredSpare.getTotalCount() > 0) {
            measuredTotal.add(measuredSpare);
        }
    }

    /**
     * Makes the reader side keep this connection's own measured values across intervals ({@link #measuredTotal()}),
     * at no cost to the writer; call before the first interval.
     */
    public SingleWriterLatencyRecorder keepMeasuredTotal() {
        if (measuredTotal == null) {
            measuredTotal = new Histogram(DIGITS);
        }
        return this;
    }

    /**
     * The measured values drained so far (all of them once the run's last interval was written), or null when
     * {@link #keepMeasuredTotal()} was not called. Reader side.
     */
    public Histogram measuredTotal() {
        return measuredTotal;
    }

    /** A new, empty histogram of the same range and precision. */
    static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, DIGITS);
    }
}
