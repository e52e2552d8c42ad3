package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.compute.InspectorDataSet;
import org.maestro.reporter.compute.IterationAnalysis;
import org.maestro.reporter.compute.IterationSeries;
import org.maestro.reporter.compute.TestWindow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The charts of an iteration's page, in page order: rate, latencies ({@link LatencyCharts}), then the inspectors' data
 * sets ({@link InspectorCharts}). The time charts shade the warm-up, each agent action and each phase of a rate
 * profile ({@link RatePhaseBands}), open on the whole test and
 * The charts of an iteration's page, in page order: rate, backlog ({@link BacklogChart}, when there was one), latencies ({@link LatencyCharts}), then the inspectors' data
 * sets ({@link InspectorCharts}). The time charts shade the warm-up and each agent action, open on the whole test and
 * The charts of an iteration's page, in page order: rate, latencies ({@link LatencyCharts}), one metric lined up
 * across the inspected systems ({@link SystemComparisonCharts}), then the inspectors' data sets by system
 * ({@link InspectorCharts}). The time charts shade the warm-up and each agent action, open on the whole test and
 * clip outliers ({@link YScale#robust}).
 */
public final class IterationCharts {
    private static final Logger LOG = LoggerFactory.getLogger(IterationCharts.class);

    private IterationCharts() {}

    /** The charts of an analysed iteration. */
    public static List<Chart> of(IterationAnalysis analysis) {
        IterationSeries series = analysis.series();
        List<Band> bands = bands(series.window(), analysis.summary().actions());
        bands.addAll(RatePhaseBands.of(analysis.summary().rateProfile()));
        List<Chart> charts = new ArrayList<>();
        charts.add(RateChart.of(
                series, RecoveryBands.with(bands, analysis.summary().faults())));
        charts.addAll(LatencyCharts.of(series.latencies(), bands));
        charts.addAll(HealthCharts.of(series.health(), bands));
        charts.addAll(SystemComparisonCharts.of(series.dataSets(), bands));
        for (InspectorDataSet dataSet : series.dataSets()) {
            try {
                charts.addAll(InspectorCharts.charts("chart-inspector-" + dataSet.index(), dataSet, bands));
            } catch (RuntimeException e) {
                LOG.warn("{} could not be charted: {}", dataSet.title(), e.toString());
            }
        }
        // time charts open on the whole test, warm-up band in view; outliers are clipped, not allowed to flatten
        charts.replaceAll(chart -> Chart.TIME.equals(chart.kind()) ? YScale.robust(chart) : chart);
        // the backlog's peak is what the chart is for: never clipped
        BacklogChart.of(series.backlog(), bands).ifPresent(chart -> charts.add(1, chart));
        return charts;
    }

    /** What a band says after the command: the outcome and a program's exit code, e.g. {@code (failed, exit 3)}. */
    private static String label(AgentAction action) {
        List<String> parts = new ArrayList<>();
        if (!action.outcome().isEmpty()) {
            parts.add(action.outcome());
        }
        if (!action.exit().isEmpty()) {
            parts.add("exit " + action.exit());
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /** The warm-up and every agent action, shaded (a failed action in its own colour). */
    private static List<Band> bands(TestWindow window, List<AgentAction> actions) {
        List<Band> bands = new ArrayList<>();
        long start = window.startMillis();
        long warmupEnd = window.warmupEndMillis();
        if (warmupEnd > start && start > 0) {
            long warmupStart = window.measured() != null
                    ? Math.max(start, warmupEnd - window.measured().warmupMillis())
                    : start;
            bands.add(new Band(warmupStart, warmupEnd, "warm-up", Band.WARMUP));
        }
        for (AgentAction action : actions) {
            boolean failed = Verdict.parse(action.outcome()) == Verdict.FAILURE;
            bands.add(new Band(
                    action.startMillis(),
                    action.endMillis(),
                    action.agent() + ": " + action.command() + label(action),
                    failed ? Band.ACTION_FAILED : Band.ACTION));
        }
        return bands;
    }
}
