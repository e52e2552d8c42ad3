package org.maestro.worker.measure;

import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Keeps one interval of a latency log within a size budget: an interval is written at full precision (3 significant
 * digits) unless its compressed encoding passes {@value #BUDGET_BYTES} bytes, which only values spread over decades
 * do (a saturated system's µs-to-seconds second); such an interval is written at 2 digits, or at 1 when 2 are still
 * over the budget, each value at the top of its 3-digit bucket, so that nothing read from it is lower than what was
 * recorded. Bounds a peer's logs to a few MB an hour whatever the latencies do. One instance per log; not
 * thread-safe.
 */
public final class IntervalPrecision {
    /** The largest compressed encoding, in bytes, of an interval kept at a precision. */
    public static final int BUDGET_BYTES = 1024;
    /** The fewest significant digits an interval is written at, whatever its size. */
    public static final int FEWEST_DIGITS = 1;

    private final Histogram[] coarse = new Histogram[SingleWriterLatencyRecorder.DIGITS];
    private ByteBuffer buffer = ByteBuffer.allocate(4096);

    /**
     * The histogram to write for {@code interval}: itself when within the budget, else its copy at the most digits
     * that fit, or at {@value #FEWEST_DIGITS}.
     */
    public Histogram toWrite(Histogram interval) {
        Histogram written = interval;
        for (int digits = interval.getNumberOfSignificantValueDigits() - 1;
                digits >= FEWEST_DIGITS && written.getTotalCount() > 0 && encodedBytes(written) > BUDGET_BYTES;
                digits--) {
            written = copy(interval, digits);
        }
        return written;
    }

    private Histogram copy(Histogram interval, int digits) {
        Histogram copy = coarse[digits];
        if (copy == null) {
            copy = new Histogram(SingleWriterLatencyRecorder.HIGHEST_MICROS, digits);
            coarse[digits] = copy;
        }
        copy.reset();
        for (HistogramIterationValue value : interval.recordedValues()) {
            copy.recordValueWithCount(value.getValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
        return copy;
    }

    private int encodedBytes(Histogram histogram) {
        int needed = histogram.getNeededByteBufferCapacity();
        if (buffer.capacity() < needed) {
            buffer = ByteBuffer.allocate(needed);
        }
        buffer.clear();
        return histogram.encodeIntoCompressedByteBuffer(buffer);
    }
}
