package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.compute.IterationLatencies;
import org.maestro.reporter.compute.JitterAggregation;
import org.maestro.reporter.compute.LatencyAggregation;

/**
 * The latency charts of an iteration's page: response time, service time and send delay over time (p50, p99 and max
 * per second), the inter-arrival jitter over time, and every metric by percentile.
 */
public final class LatencyCharts {

    private LatencyCharts() {}

    /** The charts of the metrics that were recorded, in page order, the time charts with the given bands. */
    public static List<Chart> of(IterationLatencies latencies, List<Band> bands) {
        List<Chart> charts = new ArrayList<>();
        addOverTime(
                charts,
                "chart-response-time",
                "Response time (ms): receive − intended send",
                latencies.response(),
                bands);
        addOverTime(
                charts, "chart-service-time", "Service time (ms): receive − actual send", latencies.service(), bands);
        addOverTime(
                charts, "chart-send-delay", "Send delay (ms): actual − intended send", latencies.sendDelay(), bands);
        addJitter(charts, latencies.jitter(), bands);
        Chart distribution = distribution(latencies);
        if (!distribution.series().isEmpty()) {
            charts.add(distribution);
        }
        return charts;
    }

    private static void addOverTime(
            List<Chart> charts, String id, String title, LatencyAggregation.Result result, List<Band> bands) {
        if (result == null || result.overTime().isEmpty()) {
            return;
        }
        List<Object[]> p50 = new ArrayList<>();
        List<Object[]> p99 = new ArrayList<>();
        List<Object[]> max = new ArrayList<>();
        for (LatencyAggregation.Point point : result.overTime()) {
            p50.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p50())});
            p99.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p99())});
            max.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.max())});
        }
        charts.add(Chart.overTime(
                id, title, "ms", List.of(Series.of("p50", p50), Series.of("p99", p99), Series.of("max", max)), bands));
    }

    /**
     * Inter-arrival jitter over time: per second the largest and the p99 late value (J ≥ 0), and the largest early
     * value drawn below zero (−max of −J), so a stall is a peak and its catch-up burst a dip.
     */
    private static void addJitter(List<Chart> charts, JitterAggregation.Result jitter, List<Band> bands) {
        if (jitter == null
                || jitter.late().overTime().isEmpty()
                        && jitter.early().overTime().isEmpty()) {
            return;
        }
        List<Object[]> lateMax = new ArrayList<>();
        List<Object[]> lateP99 = new ArrayList<>();
        List<Object[]> earlyMax = new ArrayList<>();
        for (LatencyAggregation.Point point : jitter.late().overTime()) {
            lateMax.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.max())});
            lateP99.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p99())});
        }
        for (LatencyAggregation.Point point : jitter.early().overTime()) {
            earlyMax.add(new Object[] {point.timestamp(), -LatencyAggregation.toMillis(point.max())});
        }
        charts.add(Chart.overTime(
                        "chart-jitter",
                        "Inter-arrival jitter (ms): J = t'n − t'n−1 − 1/RATE per stream",
                        "ms",
                        List.of(
                                Series.of("late max", lateMax),
                                Series.of("late p99", lateP99),
                                Series.of("early max (−)", earlyMax)),
                        bands)
                .withNote("late: a gap longer than the intended interval; early (below 0): arrivals closer together"));
    }

    private static Chart distribution(IterationLatencies latencies) {
        List<Series> series = new ArrayList<>();
        addDistribution(series, "response time", latencies.response());
        addDistribution(series, "service time", latencies.service());
        addDistribution(series, "send delay", latencies.sendDelay());
        JitterAggregation.Result jitter = latencies.jitter();
        if (jitter != null && jitter.magnitude().getTotalCount() > 0) {
            series.add(Series.of("jitter |J|", LatencyAggregation.distribution(jitter.magnitude())));
        }
        return Chart.of(
                "chart-distribution", "Latency by percentile (ms), measured intervals", Chart.NINES, "ms", series);
    }

    private static void addDistribution(List<Series> series, String name, LatencyAggregation.Result result) {
        if (result != null && result.measured().getTotalCount() > 0) {
            series.add(Series.of(name, LatencyAggregation.distribution(result.measured())));
        }
    }
}
