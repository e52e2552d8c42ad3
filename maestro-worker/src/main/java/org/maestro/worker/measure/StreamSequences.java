package org.maestro.worker.measure;

import org.roaringbitmap.RoaringBitmap;

/**
 * The sequence numbers one receiver connection saw on one stream (sender + connection), with its duplicates and
 * out-of-order arrivals. Single writer; read only after the writer stopped.
 */
public final class StreamSequences {
    private final RoaringBitmap seen = new RoaringBitmap();
    private long next;
    private long duplicates;
    private long outOfOrder;
    private long errors;

    /**
     * Records one arrival. A sequence number below the highest seen so far is a duplicate when it was seen before,
     * else out of order. Numbers beyond 2^32 − 1 cannot be tracked and count as errors.
     */
    public void record(long sequence) {
        if (sequence < 0 || sequence > 0xFFFF_FFFFL) {
            errors++;
        } else if (sequence >= next) {
            seen.add((int) sequence);
            next = sequence + 1;
        } else if (seen.checkedAdd((int) sequence)) {
            outOfOrder++;
        } else {
            duplicates++;
        }
    }

    /** The distinct sequence numbers seen. */
    public RoaringBitmap seen() {
        return seen;
    }

    public long duplicates() {
        return duplicates;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    /** Arrivals whose sequence number could not be tracked. */
    public long errors() {
        return errors;
    }
}
