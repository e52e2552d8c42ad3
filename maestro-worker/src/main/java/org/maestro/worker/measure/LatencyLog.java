package org.maestro.worker.measure;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One latency of a peer (send delay, response time or service time) collected from all its connections and written
 * each interval to an HdrHistogram interval log ({@code <name>.hlog}); keeps the measured total for summaries.
 * Connections record into their own {@link SingleWriterLatencyRecorder} ({@link #newRecorder()}, {@link #add});
 * all other methods are called by one thread (the interval writer); those two may be called from any thread.
 *
 * <pre>{@code
 * LatencyLog log = new LatencyLog(directory.resolve("response-time.hlog"), startMillis);
 * SingleWriterLatencyRecorder recorder = log.newRecorder();   // on each connection thread: recorder.record(µs, warmUp)
 * log.writeInterval(startMillis, startMillis + 1000);         // every second
 * }</pre>
 */
public final class LatencyLog implements Closeable {
    /** The tag of intervals that hold warm-up values. */
    public static final String WARMUP_TAG = "warmup";
    /** The tag of the last interval: every measured value of the run at 3 digits, written when the log closes. */
    public static final String TOTAL_TAG = "total";

    private final List<SingleWriterLatencyRecorder> recorders = new CopyOnWriteArrayList<>();
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final Histogram measuredInterval = SingleWriterLatencyRecorder.newHistogram();
    private final Histogram warmUpInterval = SingleWriterLatencyRecorder.newHistogram();
    private final Histogram measuredTotal = SingleWriterLatencyRecorder.newHistogram();
    private final IntervalPrecision precision;
    private long totalCount;
    private long measuredStartMillis;
    private long measuredEndMillis;

    /**
     * Opens the log file and writes its header (format version, start and base time); its intervals keep the budget
     * of its name ({@link IntervalPrecision#forLog}).
     */
    public LatencyLog(Path file, long startMillis) throws IOException {
        String name = file.getFileName().toString();
        precision = IntervalPrecision.forLog(name.endsWith(".hlog") ? name.substring(0, name.length() - 5) : name);
        out = new PrintStream(new BufferedOutputStream(Files.newOutputStream(file)), false, StandardCharsets.UTF_8);
        writer = new HistogramLogWriter(out);
        for (String line : header(file.getFileName().toString())) {
            writer.outputComment(line);
        }
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
    }

    /**
     * The comment lines a log opens with: the unit of its values, and how to read it with HdrHistogram's own
     * HistogramLogProcessor, which takes values for nanoseconds unless told otherwise.
     */
    public static List<String> header(String fileName) {
        return List.of(
                "maestro " + fileName + ": values in microseconds (us), 3 significant digits (fewer in a second "
                        + "whose values spread too widely for the log's size budget, each at the top of its 3-digit "
                        + "bucket); intervals tagged " + WARMUP_TAG + " are the warm-up; the last, tagged "
                        + TOTAL_TAG + ", holds every measured value at 3 digits",
                "HistogramLogProcessor assumes nanoseconds: for milliseconds run java -cp HdrHistogram.jar "
                        + "org.HdrHistogram.HistogramLogProcessor -i " + fileName + " -outputValueUnitRatio 1000"
                        + " (measured intervals; add -tag " + WARMUP_TAG + " for the warm-up, -tag " + TOTAL_TAG
                        + " for the exact total)");
    }

    /** A new recorder for one connection (kept across reconnections of that connection), added to this log. */
    public SingleWriterLatencyRecorder newRecorder() {
        SingleWriterLatencyRecorder recorder = new SingleWriterLatencyRecorder();
        recorders.add(recorder);
        return recorder;
    }

    /** Adds a recorder made before this log was opened; what it recorded so far goes into the next interval. */
    public void add(SingleWriterLatencyRecorder recorder) {
        recorders.add(recorder);
    }

    /**
     * Collects what the connections recorded since the last call and writes it as the interval
     * {@code [startMillis, endMillis)}: warm-up values as an interval tagged {@value #WARMUP_TAG} when there are
     * any, measured values as an untagged interval when there are any or when there were no warm-up values.
     *
     * @return the number of values of the interval (warm-up and measured)
     */
    public long writeInterval(long startMillis, long endMillis) {
        measuredInterval.reset();
        warmUpInterval.reset();
        for (SingleWriterLatencyRecorder recorder : recorders) {
            recorder.drainInto(measuredInterval, warmUpInterval);
        }
        if (warmUpInterval.getTotalCount() > 0) {
            write(precision.toWrite(warmUpInterval), startMillis, endMillis, WARMUP_TAG);
        }
        if (measuredInterval.getTotalCount() > 0 || warmUpInterval.getTotalCount() == 0) {
            write(precision.toWrite(measuredInterval), startMillis, endMillis, null);
        }
        if (measuredInterval.getTotalCount() > 0) {
            if (measuredTotal.getTotalCount() == 0) {
                measuredStartMillis = startMillis;
            }
            measuredEndMillis = endMillis;
        }
        measuredTotal.add(measuredInterval);
        long count = measuredInterval.getTotalCount() + warmUpInterval.getTotalCount();
        totalCount += count;
        return count;
    }

    private void write(Histogram histogram, long startMillis, long endMillis, String tag) {
        histogram.setStartTimeStamp(startMillis);
        histogram.setEndTimeStamp(endMillis);
        histogram.setTag(tag);
        writer.outputIntervalHistogram(histogram);
    }

    /** The measured values of the last interval written (warm-up excluded). */
    public Histogram lastInterval() {
        return measuredInterval;
    }

    /** The warm-up values of the last interval written. */
    public Histogram lastWarmUpInterval() {
        return warmUpInterval;
    }

    /** All measured values written so far (warm-up excluded). */
    public Histogram measuredTotal() {
        return measuredTotal;
    }

    /** The number of values written so far, warm-up included. */
    public long totalCount() {
        return totalCount;
    }

    /** Pushes what was written to the file. */
    public void flush() {
        out.flush();
    }

    /**
     * Writes the measured total as the last interval, tagged {@value #TOTAL_TAG} and spanning the measured intervals
     * (when anything was measured), and closes the file.
     */
    @Override
    public void close() {
        if (measuredTotal.getTotalCount() > 0) {
            write(measuredTotal, measuredStartMillis, measuredEndMillis, TOTAL_TAG);
        }
        out.close();
    }
}
