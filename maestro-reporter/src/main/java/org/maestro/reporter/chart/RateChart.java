package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.compute.IterationSeries;
import org.maestro.reporter.compute.RateAggregation;

/**
 * The rate chart of an iteration's page: the senders' and receivers' totals, each peer's line, the errors of all peers
 * and the senders' refused send attempts, per second.
 */
public final class RateChart {

    /** Peers per role above which per-peer lines start switched off in the rate chart. */
    static final int VISIBLE_PEER_LINES = 8;

    private RateChart() {}

    /** The chart ({@code chart-rate}) of an iteration's rates, with the given bands. */
    public static Chart of(IterationSeries series, List<Band> bands) {
        List<Series> lines = new ArrayList<>();
        Map<String, List<RateLog.Row>> senders = series.senders();
        Map<String, List<RateLog.Row>> receivers = series.receivers();
        if (senders.size() > 1 || (senders.isEmpty() && !series.senderTotals().isEmpty())) {
            lines.add(new Series("senders (total)", totalPoints(series.senderTotals()), false, true));
        }
        if (receivers.size() > 1) {
            lines.add(new Series("receivers (total)", totalPoints(series.receiverTotals()), false, true));
        }
        boolean hidePeers = senders.size() + receivers.size() > VISIBLE_PEER_LINES;
        for (Map<String, List<RateLog.Row>> role : List.of(senders, receivers)) {
            role.forEach((name, rows) -> {
                List<Object[]> points = new ArrayList<>(rows.size());
                rows.forEach(row -> points.add(new Object[] {row.timestamp(), row.count()}));
                lines.add(new Series(name, points, hidePeers, false));
            });
        }
        List<Object[]> errors = new ArrayList<>();
        long errorTotal = 0;
        for (RateAggregation.Second second : series.allTotals()) {
            errors.add(new Object[] {second.timestamp(), second.errors()});
            errorTotal += second.errors();
        }
        if (errorTotal > 0) {
            lines.add(new Series("errors (all peers)", errors, false, false));
        }
        lines.addAll(refusalSeries(senders.values()));
        return Chart.overTime("chart-rate", "Rate over time (msg/s)", "msg/s", lines, bands);
    }

    /**
     * The senders' released, rejected, modified and failed send attempts per second, one line each for those that
     * happened: where a router or broker refused messages during an outage.
     */
    private static List<Series> refusalSeries(Collection<List<RateLog.Row>> senders) {
        Map<Long, long[]> seconds = new TreeMap<>();
        long[] totals = new long[4];
        for (List<RateLog.Row> rows : senders) {
            for (RateLog.Row row : rows) {
                if (row.outcomes() == null) {
                    continue;
                }
                long[] sums = seconds.computeIfAbsent(Math.round(row.timestamp() / 1000.0), s -> new long[4]);
                long[] values = {
                    row.outcomes().released(),
                    row.outcomes().rejected(),
                    row.outcomes().modified(),
                    row.outcomes().failed()
                };
                for (int i = 0; i < 4; i++) {
                    sums[i] += values[i];
                    totals[i] += values[i];
                }
            }
        }
        String[] names = {"released (senders)", "rejected (senders)", "modified (senders)", "failed sends (senders)"};
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            if (totals[i] == 0) {
                continue;
            }
            List<Object[]> points = new ArrayList<>(seconds.size());
            int which = i;
            seconds.forEach((second, sums) -> points.add(new Object[] {second * 1000, sums[which]}));
            series.add(new Series(names[i], points, false, false));
        }
        return series;
    }

    private static List<Object[]> totalPoints(List<RateAggregation.Second> totals) {
        List<Object[]> points = new ArrayList<>(totals.size());
        totals.forEach(second -> points.add(new Object[] {second.timestamp(), second.count()}));
        return points;
    }
}
