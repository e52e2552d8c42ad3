package org.maestro.reporter.read;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Brings an interval written at fewer than 3 significant digits (a peer coarsens an interval whose values spread too
 * widely for its size budget) to 3 digits, each value at the top of its coarse bucket: figures drawn from it are never
 * lower than what the peer recorded, and it adds to 3-digit sums without the low bias of HdrHistogram's own
 * {@code add} across precisions.
 */
public final class FullPrecision {
    /** The significant digits the reporter sums at. */
    public static final int DIGITS = 3;

    private FullPrecision() {}

    /** The interval itself when it has at least {@value #DIGITS} digits, else a 3-digit copy rounded up. */
    public static AbstractHistogram of(AbstractHistogram interval) {
        if (interval.getNumberOfSignificantValueDigits() >= DIGITS) {
            return interval;
        }
        Histogram full = new Histogram(DIGITS);
        for (HistogramIterationValue value : interval.recordedValues()) {
            full.recordValueWithCount(value.getValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
        full.setStartTimeStamp(interval.getStartTimeStamp());
        full.setEndTimeStamp(interval.getEndTimeStamp());
        full.setTag(interval.getTag());
        return full;
    }
}
