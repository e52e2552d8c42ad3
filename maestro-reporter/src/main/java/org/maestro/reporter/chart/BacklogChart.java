package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maestro.reporter.compute.BacklogAnalysis;

/**
 * The backlog chart of an iteration's page ({@code chart-backlog}): the measured messages sent and not yet received,
 * per second, one line per flow; only when the iteration had a backlog worth reporting.
 */
public final class BacklogChart {
    private BacklogChart() {}

    /** The chart, or empty when there was no backlog worth reporting. */
    public static Optional<Chart> of(BacklogAnalysis.Result backlog, List<Band> bands) {
        if (backlog == null || backlog.summary() == null) {
            return Optional.empty();
        }
        List<Series> lines = new ArrayList<>();
        for (BacklogAnalysis.Flow flow : backlog.flows()) {
            List<Object[]> points = new ArrayList<>(flow.points().size());
            flow.points().forEach(point -> points.add(new Object[] {point.timestamp(), Math.round(point.backlog())}));
            String name = flow.flow().isEmpty() ? "backlog (sent − received)" : "backlog " + flow.flow();
            lines.add(Series.of(name, points));
        }
        return Optional.of(Chart.overTime(
                "chart-backlog", "Backlog over time (measured messages sent − received)", "messages", lines, bands));
    }
}
