package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;

/**
 * Turns rate.csv rows into statistics and per-second totals. Rows of several peers are added up
 * per second: a row belongs to the second its timestamp rounds to. Each row says how many of its messages were
 * measured (not sent during warm-up, by each message's own flag), so the measured count is exact; the mean rate
 * divides it by the measured window, never by a number of rows. Warm-up messages are left out of the statistics but
 * kept in the series so charts can show them shaded. The receivers' rate, which leaves out what arrived after the
 * measured window, is {@link ReceiveRate}'s.
 */
public final class RateAggregation {

    /**
     * One second of a total.
     *
     * @param timestamp epoch ms of the second
     * @param count messages of all peers in the second (warm-up messages included)
     * @param measured the measured messages of the second (warm-up messages excluded)
     * @param errors errors in the second
     * @param warmup true when every row of the second is a warm-up row
     */
    public record Second(long timestamp, long count, long measured, long errors, boolean warmup) {}

    private RateAggregation() {}

    /** Per second totals of the given peers' rows, in time order. */
    public static List<Second> totals(Collection<List<RateLog.Row>> peers) {
        Map<Long, long[]> seconds = new TreeMap<>();
        for (List<RateLog.Row> rows : peers) {
            for (RateLog.Row row : rows) {
                long second = Math.round(row.timestamp() / 1000.0);
                long[] sums = seconds.computeIfAbsent(second, s -> new long[4]);
                sums[0] += row.count();
                sums[1] += row.measured();
                sums[2] += row.errors();
                if (!row.warmup()) {
                    sums[3]++;
                }
            }
        }
        List<Second> result = new ArrayList<>(seconds.size());
        seconds.forEach(
                (second, sums) -> result.add(new Second(second * 1000, sums[0], sums[1], sums[2], sums[3] == 0)));
        return result;
    }

    /**
     * The rate over the measured window: every measured message of the totals divided by the window's length (a
     * sender counts measured messages only within its window; {@link ReceiveRate} passes only what the receivers
     * received within it); max and min over the seconds wholly inside the window. Without a window see
     * {@link #stats(List)}.
     */
    public static RateStats stats(List<Second> totals, TestSummary.MeasuredWindow window) {
        if (window == null || window.millis() <= 0) {
            return stats(totals);
        }
        long total = 0;
        long warmUp = 0;
        int seconds = 0;
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        for (Second second : totals) {
            total += second.measured();
            warmUp += second.count() - second.measured();
            if (second.measured() > 0) {
                seconds++;
            }
            if (second.timestamp() - 1000 >= window.startMillis() && second.timestamp() <= window.endMillis()) {
                max = Math.max(max, second.measured());
                min = Math.min(min, second.measured());
            }
        }
        if (total == 0) {
            return new RateStats(0.0, 0, 0, 0, 0, window.millis(), warmUp);
        }
        if (max == Long.MIN_VALUE) {
            max = totals.stream().mapToLong(Second::measured).max().orElse(0);
            min = totals.stream()
                    .mapToLong(Second::measured)
                    .filter(m -> m > 0)
                    .min()
                    .orElse(0);
        }
        return new RateStats(total * 1000.0 / window.millis(), max, min, seconds, total, window.millis(), warmUp);
    }

    /**
     * For results without a measured window (no sender recorded one: the senders' files did not arrive, or they sent
     * no measured message): mean, max and min of the measured
     * per-second totals, over the active measured seconds: from the first to the last measured second in which
     * messages moved. Idle seconds at either edge (a receiver attached before the senders start, or waiting for
     * stragglers after they stop) would only dilute the rate and are left out.
     */
    public static RateStats stats(List<Second> totals) {
        long warmUp = totals.stream()
                .mapToLong(second -> second.count() - second.measured())
                .sum();
        int first = -1;
        int last = -1;
        for (int i = 0; i < totals.size(); i++) {
            if (!totals.get(i).warmup() && totals.get(i).measured() > 0) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        if (first < 0) {
            return RateStats.EMPTY;
        }
        long total = 0;
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        int seconds = 0;
        for (Second second : totals.subList(first, last + 1)) {
            if (second.warmup()) {
                continue;
            }
            seconds++;
            total += second.measured();
            max = Math.max(max, second.measured());
            min = Math.min(min, second.measured());
        }
        if (seconds == 0) {
            return RateStats.EMPTY;
        }
        return new RateStats((double) total / seconds, max, min, seconds, total, 0, warmUp);
    }
}
