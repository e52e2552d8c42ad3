package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.reporter.chart.Band;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;
import org.maestro.reporter.read.CsvTable;
import org.maestro.reporter.read.Timestamps;

/**
 * Charts any inspector data set: every numeric column against the time-stamp column. Text
 * columns (a queue or link name) split the rows into one line per name, with one chart per
 * numeric column; otherwise the columns of one data set share a chart, split by order of
 * magnitude so bytes do not flatten counters. Columns that never change are listed under the
 * chart instead of drawn.
 */
public final class InspectorCharts {

    static final int MAX_SERIES = 60;
    static final int VISIBLE_SERIES = 10;

    private record Column(int index, String name, Map<String, List<Object[]>> points, double min, double max) {
        boolean constant() {
            return min == max;
        }
    }

    private InspectorCharts() {
    }

    /**
     * Charts of one data-set file; empty when it has no time stamps or numbers.
     *
     * @param title what the charts show, naming the SUT and the data set, e.g. {@code R2 (amqp://…:5672) — links}
     */
    public static List<Chart> charts(String idPrefix, String title, Path file, List<Band> bands) throws IOException {
        CsvTable table = CsvTable.read(file);
        int time = table.column("timestamp", "time", "ts", "epochMillis", "epoch");
        if (time < 0) {
            time = 0;
        }
        List<Long> rowTimes = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (List<String> row : table.rows()) {
            long millis = Timestamps.parseMillis(CsvTable.cell(row, time));
            if (millis != Timestamps.NONE) {
                rowTimes.add(millis);
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Integer> numeric = new ArrayList<>();
        List<Integer> keys = new ArrayList<>();
        for (int c = 0; c < table.columns().size(); c++) {
            if (c == time) {
                continue;
            }
            if (isNumeric(rows, c)) {
                numeric.add(c);
            } else {
                keys.add(c);
            }
        }
        List<Column> columns = new ArrayList<>();
        for (int c : numeric) {
            Map<String, List<Object[]>> points = new TreeMap<>();
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int r = 0; r < rows.size(); r++) {
                String cell = CsvTable.cell(rows.get(r), c);
                if (cell.isEmpty()) {
                    continue;
                }
                double value = Double.parseDouble(cell);
                min = Math.min(min, value);
                max = Math.max(max, value);
                points.computeIfAbsent(key(rows.get(r), keys), k -> new ArrayList<>())
                        .add(new Object[] {rowTimes.get(r), number(value)});
            }
            if (!points.isEmpty()) {
                columns.add(new Column(c, table.columns().get(c), points, min, max));
            }
        }
        List<String> constants = new ArrayList<>();
        List<Column> varying = new ArrayList<>();
        for (Column column : columns) {
            if (column.constant() && column.points().size() == 1) {
                constants.add(column.name() + " = " + format(column.min()));
            } else if (column.points().values().stream().allMatch(InspectorCharts::constant)) {
                List<String> perKey = new ArrayList<>();
                column.points().forEach((key, points) -> perKey.add(key + " " + format(
                        ((Number) points.get(0)[1]).doubleValue())));
                constants.add(column.name() + " (" + String.join(", ", perKey) + ")");
            } else {
                varying.add(column);
            }
        }
        String note = constants.isEmpty() ? null : "Unchanged during the test: " + String.join(", ", constants);
        List<Chart> charts = new ArrayList<>();
        if (!keys.isEmpty()) {
            for (Column column : varying) {
                charts.add(chart(idPrefix + "-" + charts.size(), title + ": " + column.name(), unitOf(List.of(column)),
                        series(column.points(), ""), bands, null));
            }
        } else {
            Map<Integer, List<Column>> byMagnitude = new TreeMap<>((a, b) -> Integer.compare(b, a));
            for (Column column : varying) {
                double largest = Math.max(Math.abs(column.min()), Math.abs(column.max()));
                int magnitude = largest < 1 ? 0 : (int) Math.floor(Math.log10(largest) / 3);
                byMagnitude.computeIfAbsent(magnitude, m -> new ArrayList<>()).add(column);
            }
            for (List<Column> group : byMagnitude.values()) {
                List<Series> series = new ArrayList<>();
                for (Column column : group) {
                    series.addAll(series(column.points(), column.name()));
                }
                charts.add(chart(idPrefix + "-" + charts.size(), title, unitOf(group), series, bands, null));
            }
        }
        if (charts.isEmpty() && note != null) {
            return List.of(new Chart(idPrefix + "-0", title, Chart.TIME, "", List.of(), bands, note, null));
        }
        if (note != null && !charts.isEmpty()) {
            charts.add(charts.remove(charts.size() - 1).withNote(note));
        }
        return charts;
    }

    private static Chart chart(String id, String title, String unit, List<Series> series, List<Band> bands,
                               String note) {
        return new Chart(id, title, Chart.TIME, unit, series, bands, note, null);
    }

    private static List<Series> series(Map<String, List<Object[]>> points, String column) {
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, List<Object[]>> entry : points.entrySet()) {
            if (series.size() == MAX_SERIES) {
                break;
            }
            String name = entry.getKey().isEmpty() ? column
                    : column.isEmpty() ? entry.getKey() : entry.getKey() + " " + column;
            series.add(new Series(name, entry.getValue(), series.size() >= VISIBLE_SERIES, false));
        }
        return series;
    }

    private static boolean constant(List<Object[]> points) {
        return points.stream().map(p -> ((Number) p[1]).doubleValue()).distinct().count() == 1;
    }

    private static String key(List<String> row, List<Integer> keys) {
        if (keys.isEmpty()) {
            return "";
        }
        StringBuilder key = new StringBuilder();
        for (int c : keys) {
            if (key.length() > 0) {
                key.append('/');
            }
            key.append(CsvTable.cell(row, c));
        }
        return key.toString();
    }

    private static boolean isNumeric(List<List<String>> rows, int column) {
        boolean any = false;
        for (List<String> row : rows) {
            String cell = CsvTable.cell(row, column);
            if (cell.isEmpty()) {
                continue;
            }
            try {
                double value = Double.parseDouble(cell);
                if (Double.isNaN(value) || Double.isInfinite(value)) {
                    return false;
                }
                any = true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return any;
    }

    private static String unitOf(List<Column> columns) {
        for (Column column : columns) {
            String name = column.name().toLowerCase(Locale.ROOT);
            if (!(name.contains("byte") || name.contains("heap") || name.contains("memory") || name.startsWith("mem"))) {
                return "";
            }
        }
        return "bytes";
    }

    private static Number number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
    }
}
