package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.IterationFiles;

/**
 * The receivers' measured rate, the one figure of their throughput (summary.json's {@code rate.receiver}, the report,
 * the table {@code maestro-cli run} prints, the steps of {@code maestro.findMaxRate}): the measured messages they
 * received within the measured window, divided by the window's length. Measured messages that arrived after the
 * window, drained once the senders stopped, are not throughput: they are counted apart ({@link #drained()}), and
 * the message counts (received, lost) still count them.
 *
 * <ul>
 *   <li>The window is the test's measured window ({@link TestWindow#measuredWindow}): from the earliest end of a
 *       sender's warm-up to the latest end of a sender's measured sending. The same window divides the senders' rate.
 *   <li>Its start needs no cut: a measured message was sent after its sender's warm-up, so every measured message of
 *       a receiver's rows counts until the window's end.
 *   <li>A row that ends by the window's end counts whole; a row that begins at or after it is drained. A row that
 *       straddles the end counts the messages its receiver took in until the end at the pace of its row before
 *       (that row's messages ÷ its length; the row's own for a receiver's first row), at most its measured messages;
 *       the rest of them are drained.
 *   <li>Max and min are those of the counted messages per second, over the seconds wholly inside the window, as
 *       {@link RateAggregation#stats(List, TestSummary.MeasuredWindow)} takes them; the warm-up messages are all
 *       those of the receivers' rows.
 *   <li>A receiver with no row in the window (its rows all after it, or none) adds nothing to the rate; without any
 *       receiver row the rate is 0 over the window. Without a window (no sender recorded one: their files did not
 *       arrive, or they sent no measured message) the rate is taken over the active seconds
 *       ({@link RateAggregation#stats(List)}) and the drain is unknown (null).
 * </ul>
 *
 * @param stats the receivers' rate: mean, max, min, seconds and total of what they received within the window
 * @param drained what they received after it; null without a window
 */
public record ReceiveRate(RateStats stats, TestSummary.Drain drained) {

    /** The receivers' rate of an iteration's files, over the test's measured window. */
    public static ReceiveRate of(IterationFiles files) {
        return of(files.ratesOf(Role.RECEIVER).values(), TestWindow.measuredWindow(files.peers()));
    }

    /** The rate of the given receivers' rows (each receiver's in time order) over the measured window. */
    public static ReceiveRate of(Collection<List<RateLog.Row>> receivers, TestSummary.MeasuredWindow window) {
        if (window == null || window.millis() <= 0) {
            return new ReceiveRate(RateAggregation.stats(RateAggregation.totals(receivers)), null);
        }
        long end = window.endMillis();
        List<RateLog.Row> counted = new ArrayList<>();
        long warmUp = 0;
        long drained = 0;
        long drainEnd = end;
        for (List<RateLog.Row> rows : receivers) {
            RateLog.Row before = null;
            for (RateLog.Row row : rows) {
                warmUp += row.warmupCount();
                long within = withinWindow(row, before, end);
                if (within < row.measured()) {
                    drained += row.measured() - within;
                    drainEnd = Math.max(drainEnd, row.timestamp());
                }
                if (row.timestamp() - row.millis() < end) {
                    counted.add(new RateLog.Row(
                            row.timestamp(), within, row.errors(), row.warmup(), null, row.millis(), within));
                }
                before = row;
            }
        }
        RateStats within = RateAggregation.stats(RateAggregation.totals(List.of(counted)), window);
        RateStats stats = new RateStats(
                within.mean(), within.max(), within.min(), within.seconds(), within.total(), within.millis(), warmUp);
        return new ReceiveRate(stats, new TestSummary.Drain(drained, drainEnd - end));
    }

    /** The measured messages of a row received by the window's end, {@code before} the receiver's row before it. */
    private static long withinWindow(RateLog.Row row, RateLog.Row before, long end) {
        long start = row.timestamp() - row.millis();
        if (row.timestamp() <= end) {
            return row.measured();
        }
        if (start >= end) {
            return 0;
        }
        RateLog.Row pace = before != null && before.millis() > 0 ? before : row;
        long taken = Math.round((double) pace.count() * (end - start) / pace.millis());
        return Math.min(row.measured(), taken);
    }
}
