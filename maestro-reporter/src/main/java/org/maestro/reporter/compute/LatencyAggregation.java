package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.read.LatencyLogCursor;
import org.maestro.reporter.read.LatencyLogLimits;

/**
 * Merges one latency metric over the interval logs of several peers: the histogram of all
 * measured values (each log's 3-digit total when it has one, else the sum of its measured
 * intervals), and per second the p50/p99/max of all peers together.
 * Reads the logs side by side, one interval per log in memory at a time.
 */
public final class LatencyAggregation {

    /**
     * Latency of one second, all peers merged.
     *
     * @param timestamp epoch ms (end of the second)
     * @param p50 microseconds
     * @param p99 microseconds
     * @param max microseconds
     * @param count values recorded in the second
     * @param warmup true when any merged interval was a warm-up one
     */
    public record Point(long timestamp, long p50, long p99, long max, long count, boolean warmup) {}

    /**
     * The result.
     *
     * @param measured all measured intervals merged
     * @param overTime one point per second that has values
     * @param problems what could not be read
     */
    public record Result(Histogram measured, List<Point> overTime, List<String> problems) {

        /** Percentiles of the measured histogram, or null when nothing was measured. */
        public LatencyStats stats() {
            return LatencyAggregation.stats(measured);
        }
    }

    private LatencyAggregation() {}

    /** Aggregates the given logs (any order). */
    public static Result aggregate(List<Path> logs) {
        return aggregate(logs, LatencyLogLimits.DEFAULT);
    }

    /** Aggregates the given logs (any order); a log that breaks a limit is left out whole and named. */
    public static Result aggregate(List<Path> logs, LatencyLogLimits limits) {
        List<String> problems = new ArrayList<>();
        List<LatencyLogCursor> cursors = new ArrayList<>();
        List<LatencyLogCursor.Interval> heads = new ArrayList<>();
        Histogram measured = new Histogram(3);
        List<Point> points = new ArrayList<>();
        try {
            for (Path log : logs) {
                try {
                    LatencyLogCursor cursor = LatencyLogCursor.open(log, limits);
                    cursors.add(cursor);
                    heads.add(cursor.next());
                } catch (LatencyLogLimits.RefusedLatencyLog e) {
                    problems.add(e.getMessage());
                } catch (IOException e) {
                    problems.add(log + " could not be opened: " + e.getMessage());
                }
            }
            List<Histogram> sums = new ArrayList<>();
            for (int i = 0; i < cursors.size(); i++) {
                sums.add(new Histogram(3));
            }
            Histogram second = new Histogram(3);
            while (true) {
                long bucket = Long.MAX_VALUE;
                for (LatencyLogCursor.Interval head : heads) {
                    if (head != null) {
                        bucket = Math.min(bucket, secondOf(head));
                    }
                }
                if (bucket == Long.MAX_VALUE) {
                    break;
                }
                second.reset();
                boolean warmup = false;
                for (int i = 0; i < heads.size(); i++) {
                    LatencyLogCursor.Interval head = heads.get(i);
                    while (head != null && secondOf(head) == bucket) {
                        AbstractHistogram histogram = head.histogram();
                        second.add(histogram);
                        if (head.warmup()) {
                            warmup = true;
                        } else {
                            sums.get(i).add(histogram);
                        }
                        head = cursors.get(i).next();
                    }
                    heads.set(i, head);
                }
                if (second.getTotalCount() > 0) {
                    points.add(new Point(
                            bucket * 1000,
                            second.getValueAtPercentile(50.0),
                            second.getValueAtPercentile(99.0),
                            second.getMaxValue(),
                            second.getTotalCount(),
                            warmup));
                }
            }
            for (int i = 0; i < cursors.size(); i++) {
                measured.add(measuredOf(cursors.get(i), sums.get(i), problems));
            }
        } finally {
            for (LatencyLogCursor cursor : cursors) {
                if (cursor.problem() != null) {
                    problems.add(cursor.problem());
                }
                cursor.close();
            }
        }
        return new Result(measured, points, problems);
    }

    /**
     * The measured values of one log: its total, when it agrees with its measured seconds (as many values, none
     * above their largest, which is rounded up when coarse), else the seconds, with the disagreement named.
     */
    private static AbstractHistogram measuredOf(LatencyLogCursor cursor, Histogram seconds, List<String> problems) {
        AbstractHistogram total = cursor.total();
        if (total == null) {
            return seconds;
        }
        if (total.getTotalCount() != seconds.getTotalCount()
                || total.getTotalCount() > 0 && total.getMaxValue() > seconds.getMaxValue()) {
            problems.add(cursor.file() + ": its total (" + total.getTotalCount() + " values, max "
                    + total.getMaxValue() + " µs) disagrees with its measured seconds (" + seconds.getTotalCount()
                    + " values, max " + seconds.getMaxValue() + " µs); the seconds are used. A peer writes the "
                    + "total as the sum of those seconds: check the peer that wrote this log");
            return seconds;
        }
        return total;
    }

    private static long secondOf(LatencyLogCursor.Interval interval) {
        return Math.round(interval.endMillis() / 1000.0);
    }

    /** Percentiles of a histogram, or null when it is empty. */
    public static LatencyStats stats(AbstractHistogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return null;
        }
        return new LatencyStats(
                histogram.getTotalCount(),
                histogram.getMean(),
                histogram.getValueAtPercentile(50.0),
                histogram.getValueAtPercentile(90.0),
                histogram.getValueAtPercentile(95.0),
                histogram.getValueAtPercentile(99.0),
                histogram.getValueAtPercentile(99.9),
                histogram.getValueAtPercentile(99.99),
                histogram.getMaxValue());
    }

    /**
     * The percentile distribution as {@code [1/(1−p), value ms]} points, the usual HdrHistogram
     * "nines" plot: 1 is the minimum, 10 is p90, 100 is p99, 1000 is p99.9 and so on. The 100%
     * point (infinite on that axis) is left out; the maximum is in the table.
     */
    public static List<Object[]> distribution(AbstractHistogram histogram) {
        List<Object[]> points = new ArrayList<>();
        if (histogram.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue value : histogram.percentiles(5)) {
            double percentile = value.getPercentileLevelIteratedTo();
            if (percentile >= 100.0) {
                break;
            }
            double x = 1.0 / (1.0 - percentile / 100.0);
            points.add(new Object[] {round(x, 6), toMillis(value.getValueIteratedTo())});
        }
        return points;
    }

    /** Microseconds to milliseconds with microsecond precision. */
    public static double toMillis(long micros) {
        return micros / 1000.0;
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
