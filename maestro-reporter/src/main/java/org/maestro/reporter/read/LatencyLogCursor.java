package org.maestro.reporter.read;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads one HdrHistogram interval log (e.g. response-time.hlog) one interval at a time, so a long
 * test never holds all its histograms in memory. Not thread-safe: one reader thread per cursor.
 *
 * <pre>{@code
 * try (LatencyLogCursor cursor = LatencyLogCursor.open(path)) {
 *     for (LatencyLogCursor.Interval i = cursor.next(); i != null; i = cursor.next()) {
 *         if (!i.warmup()) total.add(i.histogram());
 *     }
 * }
 * }</pre>
 */
public final class LatencyLogCursor implements Closeable {

    /** Tag the peers put on intervals recorded during warm-up. */
    public static final String WARMUP_TAG = "warmup";
    /** Tag of the last interval a peer writes: all its measured values at 3 digits. */
    public static final String TOTAL_TAG = "total";

    /**
     * One interval of the log.
     *
     * @param startMillis epoch ms the interval started
     * @param endMillis epoch ms it ended
     * @param warmup true when tagged {@value #WARMUP_TAG}
     * @param histogram the values recorded in the interval, microseconds
     */
    public record Interval(long startMillis, long endMillis, boolean warmup, AbstractHistogram histogram) {}

    private final Path file;
    private final HistogramLogReader reader;
    private String problem;
    private int skipped;
    private AbstractHistogram total;

    private LatencyLogCursor(Path file, HistogramLogReader reader) {
        this.file = file;
        this.reader = reader;
    }

    /** Opens a log within the default limits; {@code .gz} files are decompressed. */
    public static LatencyLogCursor open(Path file) throws IOException {
        return open(file, LatencyLogLimits.DEFAULT);
    }

    /**
     * Opens a log after checking that it keeps the given limits; {@code .gz} files are decompressed.
     *
     * @throws LatencyLogLimits.RefusedLatencyLog when it breaks one, naming the file and the limit
     */
    public static LatencyLogCursor open(Path file, LatencyLogLimits limits) throws IOException {
        limits.check(file);
        return new LatencyLogCursor(file, new HistogramLogReader(LatencyLogLimits.open(file)));
    }

    /**
     * The next interval (warm-up or measured; the total is kept for {@link #total()}), or null at the end of the
     * log. A line that cannot be decoded (a log cut short when a peer died) ends the log; {@link #problem()} then
     * says so, and everything read before it is kept.
     */
    public Interval next() {
        if (problem != null) {
            return null;
        }
        while (true) {
            EncodableHistogram next;
            try {
                next = reader.nextIntervalHistogram();
            } catch (RuntimeException e) {
                problem = file + ": unreadable interval after " + "the last good one (" + e
                        + "); later intervals ignored";
                return null;
            }
            if (next == null) {
                return null;
            }
            if (!(next instanceof AbstractHistogram)) {
                skipped++;
                continue;
            }
            AbstractHistogram histogram = FullPrecision.of((AbstractHistogram) next);
            if (TOTAL_TAG.equals(histogram.getTag())) {
                total = histogram;
                continue;
            }
            return new Interval(
                    histogram.getStartTimeStamp(),
                    histogram.getEndTimeStamp(),
                    WARMUP_TAG.equals(histogram.getTag()),
                    histogram);
        }
    }

    /**
     * The measured total the peer wrote as its log's last interval, once {@link #next()} returned null; null when
     * the log has none (a peer that did not close it, or an older peer): then the sum of its measured intervals is
     * the total, at the precision they were written at.
     */
    public AbstractHistogram total() {
        return total;
    }

    /** The log read. */
    public Path file() {
        return file;
    }

    /** What went wrong reading the log, or null. */
    public String problem() {
        if (problem == null && skipped > 0) {
            return file + ": " + skipped + " floating-point histograms skipped (expected integer microseconds)";
        }
        return problem;
    }

    @Override
    public void close() {
        reader.close();
    }
}
