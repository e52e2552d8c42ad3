package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.reporter.compute.InspectorDataSet;

/**
 * Charts any inspector data set: every numeric column against the time-stamp column ({@link InspectorTable}), grouped
 * by unit so that a CPU load of 0–1 never shares an axis with a count of file descriptors ({@link InspectorUnit}).
 * Cumulative counters are drawn as rates per second; series that never change are listed in an "unchanged" note
 * instead of drawn; the queues and addresses of the control broker and the broker's own (names starting with
 * {@code $sys}, {@code $}, {@code activemq.}, {@code notif}, or holding the control topics' {@code mpt.}) are left out.
 * Text columns (a queue, pool or link name) split the rows into one line per name, with one chart per numeric column
 * and at most {@link #SERIES_PER_CHART} lines per chart.
 */
public final class InspectorCharts {

    /** Most lines one chart draws, so that its legend fits on a line or two. */
    static final int SERIES_PER_CHART = 8;
    /** Most charts one numeric column of a keyed data set gets; names beyond them are listed in the note. */
    static final int CHARTS_PER_COLUMN = 3;

    private InspectorCharts() {}

    /**
     * Charts of one data set; empty when it has no time stamps or numbers. A data set whose values never change gives
     * one note-only entry ({@link Chart#NOTE}) saying so, never an empty chart.
     *
     * @param idPrefix the charts' ids are this, a dash and their number
     */
    public static List<Chart> charts(String idPrefix, InspectorDataSet dataSet, List<Band> bands) {
        InspectorTable table = InspectorTable.of(dataSet);
        if (table == null) {
            return List.of();
        }
        String title = dataSet.title();
        List<String> notes = new ArrayList<>();
        Set<String> hidden = table.hidden();
        if (!hidden.isEmpty()) {
            notes.add("Not shown: " + hidden.size() + " internal queue(s) or address(es) of the broker and the control "
                    + "topics (" + String.join(", ", first(hidden, 5)) + (hidden.size() > 5 ? ", …" : "") + ").");
        }
        List<String> unchanged = new ArrayList<>();
        List<InspectorTable.Column> varying = new ArrayList<>();
        for (InspectorTable.Column column : table.columns()) {
            Map<String, List<Object[]>> moving = new LinkedHashMap<>();
            List<String> still = new ArrayList<>();
            column.points().forEach((key, points) -> {
                if (constant(points)) {
                    still.add((key.isEmpty() ? "" : key + " ")
                            + column.unit().format(((Number) points.get(0)[1]).doubleValue()));
                } else {
                    moving.put(key, points);
                }
            });
            if (!still.isEmpty()) {
                unchanged.add(column.name()
                        + (!table.keyed()
                                ? " " + String.join(", ", still)
                                : " (" + String.join(", ", first(still, 8))
                                        + (still.size() > 8 ? ", " + (still.size() - 8) + " more" : "") + ")"));
            }
            if (!moving.isEmpty()) {
                varying.add(new InspectorTable.Column(column.name(), column.unit(), column.cumulative(), moving));
            }
        }
        boolean pollsAllOk = dataSet.name().endsWith("inspector-polls")
                && varying.isEmpty()
                && unchanged.size() == 1
                && unchanged.get(0).equals("ok 1");
        if (pollsAllOk) {
            notes.add("Every one of the " + table.keptRows() + " polls succeeded.");
        } else if (!unchanged.isEmpty()) {
            notes.add("Unchanged during the test: " + String.join("; ", unchanged) + ".");
        }

        List<Chart> charts = new ArrayList<>();
        if (table.keyed()) {
            for (InspectorTable.Column column : varying) {
                keyedCharts(idPrefix, title, column, bands, charts, notes);
            }
        } else {
            for (List<InspectorTable.Column> group : byUnitAndMagnitude(varying)) {
                List<Series> series = new ArrayList<>();
                group.forEach(column ->
                        series.add(Series.of(column.name(), column.points().get(""))));
                InspectorUnit unit = group.get(0).unit();
                String what = group.size() <= 3
                        ? String.join(
                                ", ",
                                group.stream().map(InspectorTable.Column::name).toList())
                        : unit.label();
                charts.add(Chart.overTime(
                        idPrefix + "-" + charts.size(),
                        title + (what.isEmpty() ? "" : ": " + what),
                        unit.chartUnit(),
                        series,
                        bands));
            }
        }
        String note = notes.isEmpty() ? null : String.join(" ", notes);
        if (charts.isEmpty()) {
            return note == null ? List.of() : List.of(Chart.titledNote(idPrefix + "-0", title, "", note));
        }
        if (note != null) {
            charts.add(charts.remove(charts.size() - 1).withNote(note));
        }
        return charts;
    }

    /** One chart per {@link #SERIES_PER_CHART} names of a column, largest first; names beyond the last listed. */
    private static void keyedCharts(
            String idPrefix,
            String title,
            InspectorTable.Column column,
            List<Band> bands,
            List<Chart> charts,
            List<String> notes) {
        List<Map.Entry<String, List<Object[]>>> entries =
                new ArrayList<>(column.points().entrySet());
        entries.sort(Comparator.comparingDouble((Map.Entry<String, List<Object[]>> e) -> -peak(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        int pages = Math.min(CHARTS_PER_COLUMN, (entries.size() + SERIES_PER_CHART - 1) / SERIES_PER_CHART);
        for (int page = 0; page < pages; page++) {
            List<Series> series = new ArrayList<>();
            int from = page * SERIES_PER_CHART;
            for (Map.Entry<String, List<Object[]>> entry :
                    entries.subList(from, Math.min(entries.size(), from + SERIES_PER_CHART))) {
                series.add(Series.of(entry.getKey(), entry.getValue()));
            }
            String part = entries.size() <= SERIES_PER_CHART
                    ? ""
                    : page == 0
                            ? " (largest " + series.size() + " of " + entries.size() + ")"
                            : " (" + (from + 1) + "–" + (from + series.size()) + " of " + entries.size() + ")";
            charts.add(Chart.overTime(
                    idPrefix + "-" + charts.size(),
                    title + ": " + column.name() + part,
                    column.unit().chartUnit(),
                    series,
                    bands));
        }
        int shown = pages * SERIES_PER_CHART;
        if (entries.size() > shown) {
            List<String> rest = entries.subList(shown, entries.size()).stream()
                    .map(Map.Entry::getKey)
                    .toList();
            notes.add(column.name() + " of " + rest.size() + " more not drawn (smaller values): "
                    + String.join(", ", first(rest, 10)) + (rest.size() > 10 ? ", …" : "") + ".");
        }
    }

    /** Columns of one unit share a chart; counts of different orders of magnitude (10^3 apart) do not. */
    private static List<List<InspectorTable.Column>> byUnitAndMagnitude(List<InspectorTable.Column> columns) {
        Map<String, List<InspectorTable.Column>> groups = new LinkedHashMap<>();
        for (InspectorTable.Column column : columns) {
            String group = column.unit().chartUnit() + "|" + column.unit().label();
            if (column.unit() == InspectorUnit.COUNT || column.unit() == InspectorUnit.PER_SECOND) {
                double largest = column.points().get("").stream()
                        .mapToDouble(p -> Math.abs(((Number) p[1]).doubleValue()))
                        .max()
                        .orElse(0);
                group += "|" + (largest < 1 ? 0 : (int) Math.floor(Math.log10(largest) / 3));
            }
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(column);
        }
        return new ArrayList<>(groups.values());
    }

    private static double peak(List<Object[]> points) {
        return points.stream()
                .mapToDouble(p -> ((Number) p[1]).doubleValue())
                .max()
                .orElse(0);
    }

    private static boolean constant(List<Object[]> points) {
        return points.stream()
                        .map(p -> ((Number) p[1]).doubleValue())
                        .distinct()
                        .count()
                == 1;
    }

    private static List<String> first(Collection<String> values, int n) {
        return values.stream().limit(n).toList();
    }
}
