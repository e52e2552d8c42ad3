package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.ToDoubleFunction;
import org.maestro.common.files.health.HealthLog;

/**
 * The generator's own health over time: each sender's and receiver's CPU used and waited for (% of its cores), and
 * how late its 1 ms sleeper woke and its send delay (p99 of each second, ms). Where they rise the load generator, not
 * the system under test, set the pace.
 */
final class HealthCharts {
    private HealthCharts() {}

    /** The two charts, or none when no peer wrote a health file. */
    static List<Chart> of(Map<String, List<HealthLog.Row>> health, List<Band> bands) {
        if (health.isEmpty()) {
            return List.of();
        }
        List<Series> cpu = new ArrayList<>();
        List<Series> delays = new ArrayList<>();
        boolean hide = health.size() > RateChart.VISIBLE_PEER_LINES;
        health.forEach((peer, rows) -> {
            add(cpu, peer + " CPU used", rows, r -> r.cpuPercent().orElse(Double.NaN), hide);
            add(cpu, peer + " CPU waited for", rows, r -> r.cpuWaitPercent().orElse(Double.NaN), hide);
            add(delays, peer + " hiccup p99", rows, r -> millis(r.hiccupP99Micros()), hide);
            add(delays, peer + " send delay p99", rows, r -> millis(r.sendDelayP99Micros()), hide);
        });
        List<Chart> charts = new ArrayList<>();
        if (!cpu.isEmpty()) {
            charts.add(Chart.overTime(
                    "chart-health-cpu", "Generator CPU (% of the cores each peer may use)", "%", cpu, bands));
        }
        if (!delays.isEmpty()) {
            charts.add(Chart.overTime(
                    "chart-health-delay",
                    "Generator hiccups and send delay (p99 of each second, ms)",
                    "ms",
                    delays,
                    bands));
        }
        return charts;
    }

    /** Adds a line of the rows' figure, if any row has it ({@code NaN}: absent). */
    private static void add(
            List<Series> lines,
            String name,
            List<HealthLog.Row> rows,
            ToDoubleFunction<HealthLog.Row> figure,
            boolean hidden) {
        List<Object[]> points = new ArrayList<>();
        for (HealthLog.Row row : rows) {
            double value = figure.applyAsDouble(row);
            if (!Double.isNaN(value)) {
                points.add(new Object[] {row.timestamp(), Math.round(value * 100) / 100.0});
            }
        }
        if (!points.isEmpty()) {
            lines.add(new Series(name, points, hidden, false));
        }
    }

    private static double millis(OptionalLong micros) {
        return micros.isPresent() ? micros.getAsLong() / 1000.0 : Double.NaN;
    }
}
