package org.maestro.reporter.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;

/**
 * The charts of a study report: throughput and response time percentiles against the offered load, a heat map of
 * the lost percentage over two dimensions, and the spread of the throughput over the repeats of each cell.
 */
public final class StudyCharts {

    /** The parameters that make the offered load; cells differing only in these lie on one line. */
    private static final Set<String> LOAD_PARAMETERS = Set.of("RATE", "PARALLEL_COUNT");

    private static final String OFFERED = "offered load (msg/s)";
    private static final Map<String, String> SPREAD_NAMES = Map.of(
            "throughput",
            "Throughput",
            "p50Ms",
            "p50 response time",
            "p99Ms",
            "p99 response time",
            "maxMs",
            "Maximum response time",
            "lost",
            "Lost messages",
            "lostPercent",
            "Lost percentage",
            "jitterMaxMs",
            "Maximum jitter");
    private static final Map<String, String> SPREAD_UNITS = Map.of(
            "throughput",
            "msg/s",
            "p50Ms",
            "ms",
            "p99Ms",
            "ms",
            "maxMs",
            "ms",
            "lost",
            "",
            "lostPercent",
            "%",
            "jitterMaxMs",
            "ms");

    private StudyCharts() {}

    /** Every chart of the study report, in page order. */
    public static List<Chart> all(StudyState state, List<CellResult> cells) {
        return List.of(
                throughput(state, cells),
                latency(state, cells),
                lostHeatMap(state, cells),
                spread(cells, state.spread() == null ? "throughput" : state.spread()));
    }

    /** Mean throughput against offered load, one line per combination of the dimensions that do not set the load. */
    static Chart throughput(StudyState state, List<CellResult> cells) {
        Map<String, List<CellResult>> groups = groups(state, cells);
        if (groups.isEmpty()) {
            return noLoad("study-throughput", "Throughput against offered load");
        }
        List<Series> series = new ArrayList<>();
        double top = 0;
        for (Map.Entry<String, List<CellResult>> group : groups.entrySet()) {
            List<Object[]> points = new ArrayList<>();
            for (CellResult cell : group.getValue()) {
                if (cell.throughput().mean() != null) {
                    points.add(new Object[] {cell.offered(), cell.throughput().mean()});
                }
                top = Math.max(top, cell.offered());
            }
            series.add(Series.of(group.getKey().isEmpty() ? "throughput" : group.getKey(), points));
        }
        series.add(
                new Series("offered (ideal)", List.of(new Object[] {0.0, 0.0}, new Object[] {top, top}), false, true));
        return new Chart(
                "study-throughput",
                "Throughput against offered load",
                Chart.VALUE,
                "msg/s",
                series,
                List.of(),
                "Mean over the repeats of each cell; offered load = RATE × PARALLEL_COUNT × senders. A line below the "
                        + "dashed one: the system took in less than it was offered.",
                null,
                null,
                new Chart.Axes(OFFERED, "throughput (msg/s)", null, null));
    }

    /** Mean p50, p99 and maximum response time against offered load (the hockey stick). */
    static Chart latency(StudyState state, List<CellResult> cells) {
        Map<String, List<CellResult>> groups = groups(state, cells);
        if (groups.isEmpty()) {
            return noLoad("study-latency", "Response time against offered load");
        }
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, List<CellResult>> group : groups.entrySet()) {
            for (String statistic : List.of("p50Ms", "p99Ms", "maxMs")) {
                List<Object[]> points = new ArrayList<>();
                for (CellResult cell : group.getValue()) {
                    Double mean = cell.estimate(statistic).mean();
                    if (mean != null) {
                        points.add(new Object[] {cell.offered(), mean});
                    }
                }
                String name = statistic.replace("Ms", "");
                series.add(new Series(
                        group.getKey().isEmpty() ? name : name + " " + group.getKey(),
                        points,
                        false,
                        statistic.equals("maxMs")));
            }
        }
        return new Chart(
                "study-latency",
                "Response time against offered load",
                Chart.VALUE,
                "ms",
                series,
                List.of(),
                "Mean over the repeats of each cell of the response time's p50, p99 and maximum (dashed).",
                null,
                null,
                new Chart.Axes(OFFERED, "response time (ms)", null, null));
    }

    /** Mean lost percentage over the two chosen dimensions (the first two unless the study names them). */
    static Chart lostHeatMap(StudyState state, List<CellResult> cells) {
        List<String> axes = heatMapDimensions(state);
        String title = "Lost messages (% of sent)";
        if (axes.size() < 2) {
            return Chart.titledNote(
                    "study-lost",
                    title,
                    "%",
                    "A heat map needs two dimensions; this study has "
                            + state.dimensions().size() + ".");
        }
        List<String> xLabels = valuesOf(state, axes.get(0));
        List<String> yLabels = valuesOf(state, axes.get(1));
        List<Object[]> points = new ArrayList<>();
        for (String x : xLabels) {
            for (String y : yLabels) {
                double sum = 0;
                int count = 0;
                for (CellResult cell : cells) {
                    Double mean = cell.lostPercent().mean();
                    if (mean != null
                            && x.equals(cell.values().get(axes.get(0)))
                            && y.equals(cell.values().get(axes.get(1)))) {
                        sum += mean;
                        count++;
                    }
                }
                if (count > 0) {
                    points.add(new Object[] {x, y, sum / count});
                }
            }
        }
        String others = state.dimensions().size() > 2 ? " averaged over the other dimensions" : "";
        return new Chart(
                "study-lost",
                title + " by " + axes.get(0) + " and " + axes.get(1),
                Chart.HEATMAP,
                "%",
                List.of(Series.of("lost %", points)),
                List.of(),
                "Mean lost percentage over the repeats" + others
                        + "; a blank square: the loss of those runs is unknown.",
                null,
                null,
                new Chart.Axes(axes.get(0), axes.get(1), xLabels, yLabels));
    }

    /** A statistic of every repeat of every cell: a box (quartiles) per cell with the repeats as points. */
    static Chart spread(List<CellResult> cells, String statistic) {
        List<Object[]> boxes = new ArrayList<>();
        List<Object[]> points = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (CellResult cell : cells) {
            // the cell's number as in the table: its full label (every dimension's value) does not fit on the axis
            String label = "cell " + (cell.cell() + 1);
            labels.add(label);
            Estimate estimate = cell.estimate(statistic);
            double[] five = estimate.fiveNumbers();
            if (five.length == 5) {
                boxes.add(new Object[] {label, five[0], five[1], five[2], five[3], five[4]});
            }
            for (Double value : estimate.values()) {
                points.add(new Object[] {label, value});
            }
        }
        String name = SPREAD_NAMES.get(statistic);
        return new Chart(
                "study-spread",
                name + " over the repeats of each cell",
                Chart.BOXPLOT,
                SPREAD_UNITS.get(statistic),
                List.of(Series.of("quartiles", boxes), Series.of("repeats", points)),
                List.of(),
                "Box: minimum, quartiles and maximum of the repeats' " + name.toLowerCase(java.util.Locale.ROOT)
                        + "; a point per repeat. Cells are numbered as in the table.",
                null,
                null,
                new Chart.Axes("cell", name, labels, null));
    }

    /** The dimensions the heat map spans: the study's choice, else the first two. */
    static List<String> heatMapDimensions(StudyState state) {
        if (state.heatMap().size() == 2) {
            return state.heatMap();
        }
        return state.dimensions().stream()
                .limit(2)
                .map(StudyState.Dimension::name)
                .toList();
    }

    private static List<String> valuesOf(StudyState state, String dimension) {
        return state.dimensions().stream()
                .filter(d -> d.name().equals(dimension))
                .findFirst()
                .map(StudyState.Dimension::values)
                .orElse(List.of());
    }

    /**
     * The cells with an offered load above 0, by the values of the dimensions that do not set the load, each group
     * sorted by offered load.
     */
    private static Map<String, List<CellResult>> groups(StudyState state, List<CellResult> cells) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult cell : cells) {
            if (cell.offered() == null || cell.offered() <= 0) {
                continue;
            }
            List<String> key = new ArrayList<>();
            for (StudyState.Dimension dimension : state.dimensions()) {
                if (dimension.parameter() == null || !LOAD_PARAMETERS.contains(dimension.parameter())) {
                    key.add(dimension.name() + "=" + cell.values().get(dimension.name()));
                }
            }
            groups.computeIfAbsent(String.join(" ", key), k -> new ArrayList<>())
                    .add(cell);
        }
        groups.values().forEach(list -> list.sort(Comparator.comparingDouble(CellResult::offered)));
        return groups;
    }

    private static Chart noLoad(String id, String title) {
        return Chart.titledNote(
                id,
                title,
                "",
                "No run had an offered load: they ran at "
                        + "unbounded rate (RATE 0) or their parameters are unknown; see the table.");
    }
}
