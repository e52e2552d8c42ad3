package org.maestro.worker.measure;

import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Keeps each interval of a latency log within a size budget: an interval is written at full precision (3 significant
 * digits) unless its compressed encoding passes the log's budget, which values spread over decades do (a saturated
 * system's µs-to-seconds second, or thousands of messages a second with a wide spread); such an interval is written
 * at 2 digits, or at 1 when 2 are still over, each value at the top of its 3-digit bucket, so that nothing read from
 * it is lower than what was recorded. The run's exact total is kept apart ({@link LatencyLog}). One instance per log;
 * not thread-safe.
 *
 * <p>The budgets bound what a peer writes each second whatever the latencies do: a receiver at a fixed rate writes
 * four logs, 2 × {@value #LATENCY_BUDGET_BYTES} + 2 × {@value #JITTER_BUDGET_BYTES} bytes, about 2.6 KB a second in
 * base64 with the line's other fields, 9.5 MB an hour with its rate and health rows.
 */
public final class IntervalPrecision {
    /** The budget, in compressed bytes, of an interval of a latency (response time, service time, send delay). */
    public static final int LATENCY_BUDGET_BYTES = 640;
    /** The budget of an interval of a jitter log, which matters less than a latency. */
    public static final int JITTER_BUDGET_BYTES = 256;
    /** The fewest significant digits an interval is written at, whatever its size. */
    public static final int FEWEST_DIGITS = 1;

    private final int budgetBytes;
    private final Histogram[] coarse = new Histogram[SingleWriterLatencyRecorder.DIGITS];
    private ByteBuffer buffer = ByteBuffer.allocate(4096);

    /** Intervals within {@code budgetBytes} of compressed encoding. */
    public IntervalPrecision(int budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** The budget of the log of that name (without {@code .hlog}). */
    public static IntervalPrecision forLog(String name) {
        boolean jitter = name.equals(JitterRecorder.LATE) || name.equals(JitterRecorder.EARLY);
        return new IntervalPrecision(jitter ? JITTER_BUDGET_BYTES : LATENCY_BUDGET_BYTES);
    }

    /**
     * The histogram to write for {@code interval}: itself when within the budget, else its copy at the most digits
     * that fit, or at {@value #FEWEST_DIGITS}.
     */
    public Histogram toWrite(Histogram interval) {
        Histogram written = interval;
        for (int digits = interval.getNumberOfSignificantValueDigits() - 1;
                digits >= FEWEST_DIGITS && written.getTotalCount() > 0 && encodedBytes(written) > budgetBytes;
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
