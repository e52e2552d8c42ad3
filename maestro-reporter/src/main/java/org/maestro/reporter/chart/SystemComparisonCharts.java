package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.reporter.compute.InspectorDataSet;

/**
 * Lines up one metric across the inspected systems, one line per system on one chart: the queue depth of every router
 * and broker, their connections, their memory. Each metric is read from whichever data set of a system's kind has it
 * ({@code artemis-queues messageCount}, {@code rabbitmq-queues messages} …); a data set with one row per entity (a
 * queue, a link) counts the sum of its entities at each poll, the broker's own and the control topics' left out as on
 * the system's own charts. Drawn when at least two systems have the metric.
 */
public final class SystemComparisonCharts {

    /** One metric and, per data set that has it, the column that measures it. */
    private record Metric(String title, Map<String, String> columns) {}

    private static final List<Metric> METRICS = List.of(
            new Metric(
                    "Queue depth of each system (messages waiting)",
                    Map.of(
                            "artemis-queues", "messageCount",
                            "rabbitmq-queues", "messages",
                            "dispatch-links", "undeliveredCount",
                            "nats-jetstream", "messages",
                            "mosquitto-broker", "storedMessages")),
            new Metric(
                    "Connections of each system",
                    Map.of(
                            "dispatch-router", "connectionCount",
                            "rabbitmq-overview", "connections",
                            "nats-server", "connections",
                            "mosquitto-broker", "clientsConnected")),
            new Metric(
                    "Memory of each system",
                    Map.of(
                            "dispatch-router", "memoryUsage",
                            "artemis-jvm-heap", "used",
                            "rabbitmq-nodes", "memUsed",
                            "nats-server", "mem",
                            "mosquitto-broker", "heapCurrent")));

    private SystemComparisonCharts() {}

    /** The charts that line up a metric across two or more systems, in the order of the metrics. */
    public static List<Chart> of(List<InspectorDataSet> dataSets, List<Band> bands) {
        List<Chart> charts = new ArrayList<>();
        for (Metric metric : METRICS) {
            Map<String, List<Object[]>> bySystem = new LinkedHashMap<>();
            String unit = "";
            for (InspectorDataSet dataSet : dataSets) {
                String column = metric.columns().get(dataSet.name());
                if (column == null || bySystem.containsKey(dataSet.system())) {
                    continue;
                }
                InspectorTable table = InspectorTable.of(dataSet);
                InspectorTable.Column found = table == null
                        ? null
                        : table.columns().stream()
                                .filter(c -> c.name().equals(column))
                                .findFirst()
                                .orElse(null);
                if (found != null) {
                    bySystem.put(dataSet.system(), sumPerPoll(found));
                    unit = found.unit().chartUnit();
                }
            }
            if (bySystem.size() >= 2) {
                List<Series> series = new ArrayList<>();
                bySystem.forEach((system, points) -> series.add(Series.of(system, points)));
                charts.add(Chart.overTime("chart-systems-" + charts.size(), metric.title(), unit, series, bands));
            }
        }
        return charts;
    }

    /** The column's value at each poll, summed over its entities. */
    private static List<Object[]> sumPerPoll(InspectorTable.Column column) {
        Map<Long, Double> sums = new TreeMap<>();
        column.points()
                .values()
                .forEach(points -> points.forEach(point ->
                        sums.merge(((Number) point[0]).longValue(), ((Number) point[1]).doubleValue(), Double::sum)));
        List<Object[]> points = new ArrayList<>();
        sums.forEach((millis, value) -> points.add(new Object[] {millis, number(value)}));
        return points;
    }

    private static Number number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }
}
