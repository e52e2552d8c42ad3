package org.maestro.worker.sender;

import org.HdrHistogram.Histogram;

/**
 * Where a sender's warm-up ends: a message whose intended send time is before {@link #endMicros()} is a warm-up
 * message. A fixed warm-up ends at start + {@code WARM_UP}. With {@code WARM_UP=auto} it ends at most
 * {@code AUTO_WARM_UP_LIMIT} after the start, and earlier once the send delay has <em>settled</em>: the p99 send
 * delay of the warm-up messages of each of {@value #SETTLED_INTERVALS} consecutive one-second intervals, every one
 * holding messages, was at most {@value #SETTLED_P99_MICROS} µs. The warm-up then ends {@value #MARGIN_MICROS} µs
 * after that decision, never in the past, so no message already sent changes side.
 *
 * <p>Thread-safe for one writer: the run's supervisor calls {@link #afterInterval}, connections read
 * {@link #endMicros()} from their own threads.
 */
public final class WarmUpBoundary {
    /** The p99 send delay (µs) at or under which an interval counts as settled; also the lag the report warns about. */
    public static final long SETTLED_P99_MICROS = 10_000;
    /** How many consecutive settled intervals end an automatic warm-up. */
    public static final int SETTLED_INTERVALS = 2;
    /** How long after the decision an automatic warm-up ends. */
    static final long MARGIN_MICROS = 20_000;

    private final boolean auto;
    private volatile long endMicros;
    private volatile boolean settled;
    private int settledIntervals;

    private WarmUpBoundary(long endMicros, boolean auto) {
        this.endMicros = endMicros;
        this.auto = auto;
    }

    /** A warm-up that ends at {@code startMicros + warmUpMicros}. */
    public static WarmUpBoundary fixed(long startMicros, long warmUpMicros) {
        return new WarmUpBoundary(startMicros + warmUpMicros, false);
    }

    /** A warm-up that ends once the send delay has settled, at the latest at {@code startMicros + limitMicros}. */
    public static WarmUpBoundary automatic(long startMicros, long limitMicros) {
        return new WarmUpBoundary(startMicros + limitMicros, true);
    }

    /** The end of the warm-up (epoch µs) as known now; an automatic warm-up's end only moves earlier. */
    public long endMicros() {
        return endMicros;
    }

    /** True for {@code WARM_UP=auto}. */
    public boolean auto() {
        return auto;
    }

    /** True when an automatic warm-up ended because the send delay settled (false when it ran to its limit). */
    public boolean settled() {
        return settled;
    }

    /**
     * Looks at the send delay of the warm-up messages of one interval that ended at {@code nowMicros}; ends an
     * automatic warm-up once it has settled. Called by one thread.
     *
     * @return true when this call ended the warm-up
     */
    public boolean afterInterval(Histogram warmUpSendDelay, long nowMicros) {
        if (!auto || settled || nowMicros >= endMicros) {
            return false;
        }
        boolean calm =
                warmUpSendDelay.getTotalCount() > 0 && warmUpSendDelay.getValueAtPercentile(99.0) <= SETTLED_P99_MICROS;
        settledIntervals = calm ? settledIntervals + 1 : 0;
        if (settledIntervals < SETTLED_INTERVALS) {
            return false;
        }
        endMicros = Math.min(endMicros, nowMicros + MARGIN_MICROS);
        settled = true;
        return true;
    }
}
