package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.read.RateLog;

/**
 * Turns rate.csv rows into statistics and per-second totals. Rows of several peers are added up
 * per second: a row belongs to the second its timestamp rounds to. Warm-up rows are left out of
 * the statistics but kept in the series so charts can show them shaded.
 */
public final class RateAggregation {

    /**
     * One second of a total.
     *
     * @param timestamp epoch ms of the second
     * @param count messages of all peers in the second (warm-up rows included)
     * @param measured messages of the non-warm-up rows in the second
     * @param errors errors in the second
     * @param warmup true when every row of the second is a warm-up row
     */
    public record Second(long timestamp, long count, long measured, long errors, boolean warmup) {
    }

    private RateAggregation() {
    }

    /** Per second totals of the given peers' rows, in time order. */
    public static List<Second> totals(Collection<List<RateLog.Row>> peers) {
        Map<Long, long[]> seconds = new TreeMap<>();
        for (List<RateLog.Row> rows : peers) {
            for (RateLog.Row row : rows) {
                long second = Math.round(row.timestamp() / 1000.0);
                long[] sums = seconds.computeIfAbsent(second, s -> new long[4]);
                sums[0] += row.count();
                sums[2] += row.errors();
                if (row.warmup()) {
                    continue;
                }
                sums[1] += row.count();
                sums[3]++;
            }
        }
        List<Second> result = new ArrayList<>(seconds.size());
        seconds.forEach((second, sums) ->
                result.add(new Second(second * 1000, sums[0], sums[1], sums[2], sums[3] == 0)));
        return result;
    }

    /**
     * Mean, max and min of the measured per-second totals, over the active measured seconds: from the first to the
     * last measured second in which messages moved. Idle seconds at either edge (a receiver attached before the
     * senders start, or waiting for stragglers after they stop) would only dilute the rate and are left out.
     */
    public static RateStats stats(List<Second> totals) {
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
        return new RateStats((double) total / seconds, max, min, seconds, total);
    }
}
