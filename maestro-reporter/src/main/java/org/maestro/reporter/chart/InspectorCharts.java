package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.files.csv.Timestamps;
import org.maestro.common.files.inspector.InspectorCsv;
import org.maestro.reporter.chart.Band;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;
import org.maestro.reporter.read.PeerDirectory;

/**
 * Charts any inspector data set: every numeric column against the time-stamp column, grouped by unit so that a CPU
 * load of 0–1 never shares an axis with a count of file descriptors. Cumulative counters (messages added, deliveries)
 * are drawn as rates per second; series that never change are listed in an "unchanged" note instead of drawn; the
 * queues and addresses of the control broker and the broker's own (names starting with {@code $sys}, {@code $},
 * {@code activemq.}, {@code notif}, or holding the control topics' {@code mpt.}) are left out. Text columns (a queue,
 * pool or link name) split the rows into one line per name, with one chart per numeric column and at most
 * {@link #SERIES_PER_CHART} lines per chart.
 */
public final class InspectorCharts {

    /** Most lines one chart draws, so that its legend fits on a line or two. */
    static final int SERIES_PER_CHART = 8;
    /** Most charts one numeric column of a keyed data set gets; names beyond them are listed in the note. */
    static final int CHARTS_PER_COLUMN = 3;

    /** Free text that describes a row rather than names an entity: never splits the rows. */
    private static final Set<String> FREE_TEXT = Set.of("error", "lasterror", "message", "reason", "detail");
    /** Columns naming who owns an entity rather than the entity: NATS's default account {@code $G} is not internal. */
    private static final Set<String> OWNER_COLUMNS = Set.of("account");
    /** Internal queues and addresses: the broker's own and those of the control topics (/mpt/…). */
    private static final Pattern INTERNAL =
            Pattern.compile("(?i)^(\\$.*|activemq\\..*|notif.*)|.*(^|[./])mpt([./]|$).*");
    /** Counters that only grow while the SUT runs; drawn as their rate per second. */
    private static final Pattern CUMULATIVE = Pattern.compile(
            "messages(Added|Acknowledged|Expired|Killed|Published|Delivered|Received|Sent)|deliveryCount"
                    + "|deliveries[A-Z]\\w*|\\w+Deliveries"
                    + "|(presettled|droppedPresettled|accepted|rejected|released|modified)Count"
                    + "|totalAllocFromHeap|totalFreeToHeap|batchesRebalancedTo\\w+"
                    + "|(in|out)(Msgs|Bytes)|totalConnections|slowConsumers|api(Requests|Errors)"
                    + "|publish(Received|Sent|Dropped)|(publishBytes|bytes)(Received|Sent)");

    /** How a column's values are shown: its unit, a factor applied to the values and the title suffix. */
    private record Unit(String chartUnit, double factor, String label) {
        static final Unit COUNT = new Unit("", 1, "");
        static final Unit BYTES = new Unit("bytes", 1, "bytes");
        static final Unit PERCENT = new Unit("%", 100, "%");
        static final Unit PERCENT_POINTS = new Unit("%", 1, "%");
        static final Unit PER_MINUTE = new Unit("/min", 1, "per minute");
        static final Unit LOAD = new Unit("", 1, "load average");
        static final Unit SECONDS = new Unit("s", 1, "s");
        static final Unit PER_SECOND = new Unit("/s", 1, "counters per second");
    }

    private record Column(String name, Unit unit, boolean cumulative, Map<String, List<Object[]>> points) {}

    private InspectorCharts() {}

    /**
     * Charts of one data-set file; empty when it has no time stamps or numbers. A data set whose values never change
     * gives one note-only entry ({@link Chart#NOTE}) saying so, never an empty chart.
     *
     * @param title what the charts show, naming the SUT and the data set, e.g. {@code R2 (amqp://…:5672) — links}
     */
    public static List<Chart> charts(String idPrefix, String title, Path file, List<Band> bands) throws IOException {
        CsvTable table = InspectorCsv.read(file);
        String dataSet = PeerDirectory.dataSetName(file).toLowerCase(Locale.ROOT);
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
        List<Integer> text = new ArrayList<>();
        for (int c = 0; c < table.columns().size(); c++) {
            if (c == time || FREE_TEXT.contains(table.columns().get(c).toLowerCase(Locale.ROOT))) {
                continue;
            }
            (isNumeric(rows, c) ? numeric : text).add(c);
        }
        Set<String> hidden = new TreeSet<>();
        List<Integer> kept = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            String internal = internalName(rows.get(r), text, table.columns());
            if (internal == null) {
                kept.add(r);
            } else {
                hidden.add(internal);
            }
        }
        List<Integer> keys = keyColumns(kept.stream().map(rows::get).toList(), text);
        List<String> notes = new ArrayList<>();
        if (!hidden.isEmpty()) {
            notes.add("Not shown: " + hidden.size() + " internal queue(s) or address(es) of the broker and the control "
                    + "topics (" + String.join(", ", first(hidden, 5)) + (hidden.size() > 5 ? ", …" : "") + ").");
        }

        List<Column> columns = new ArrayList<>();
        for (int c : numeric) {
            String name = table.columns().get(c);
            Unit unit = unitOf(dataSet, name);
            boolean cumulative = CUMULATIVE.matcher(name).matches();
            Map<String, List<Object[]>> points = new TreeMap<>();
            for (int r : kept) {
                String cell = CsvTable.cell(rows.get(r), c);
                if (cell.isEmpty()) {
                    continue;
                }
                double value = Double.parseDouble(cell);
                if (value < 0 && (unit == Unit.PERCENT || unit == Unit.PERCENT_POINTS || unit == Unit.BYTES)) {
                    continue; // -1: not available, or no limit
                }
                points.computeIfAbsent(key(rows.get(r), keys), k -> new ArrayList<>())
                        .add(new Object[] {rowTimes.get(r), value * unit.factor()});
            }
            if (cumulative) {
                points.replaceAll((key, list) -> ratePerSecond(list));
                points.values().removeIf(List::isEmpty);
                unit = Unit.PER_SECOND;
            }
            points.values().forEach(list -> list.replaceAll(p -> new Object[] {p[0], number((Double) p[1])}));
            if (!points.isEmpty()) {
                columns.add(new Column(name + (cumulative ? " per second" : ""), unit, cumulative, points));
            }
        }

        List<String> unchanged = new ArrayList<>();
        List<Column> varying = new ArrayList<>();
        for (Column column : columns) {
            Map<String, List<Object[]>> moving = new LinkedHashMap<>();
            List<String> still = new ArrayList<>();
            column.points().forEach((key, points) -> {
                if (constant(points)) {
                    still.add((key.isEmpty() ? "" : key + " ")
                            + format(((Number) points.get(0)[1]).doubleValue(), column.unit()));
                } else {
                    moving.put(key, points);
                }
            });
            if (!still.isEmpty()) {
                unchanged.add(column.name()
                        + (keys.isEmpty()
                                ? " " + String.join(", ", still)
                                : " (" + String.join(", ", first(still, 8))
                                        + (still.size() > 8 ? ", " + (still.size() - 8) + " more" : "") + ")"));
            }
            if (!moving.isEmpty()) {
                varying.add(new Column(column.name(), column.unit(), column.cumulative(), moving));
            }
        }
        boolean pollsAllOk = dataSet.endsWith("inspector-polls")
                && varying.isEmpty()
                && unchanged.size() == 1
                && unchanged.get(0).equals("ok 1");
        if (pollsAllOk) {
            notes.add("Every one of the " + kept.size() + " polls succeeded.");
        } else if (!unchanged.isEmpty()) {
            notes.add("Unchanged during the test: " + String.join("; ", unchanged) + ".");
        }

        List<Chart> charts = new ArrayList<>();
        if (!keys.isEmpty()) {
            for (Column column : varying) {
                keyedCharts(idPrefix, title, column, bands, charts, notes);
            }
        } else {
            for (List<Column> group : byUnitAndMagnitude(varying)) {
                List<Series> series = new ArrayList<>();
                group.forEach(column ->
                        series.add(Series.of(column.name(), column.points().get(""))));
                Unit unit = group.get(0).unit();
                String what = group.size() <= 3
                        ? String.join(", ", group.stream().map(Column::name).toList())
                        : unit.label();
                charts.add(new Chart(
                        idPrefix + "-" + charts.size(),
                        title + (what.isEmpty() ? "" : ": " + what),
                        Chart.TIME,
                        unit.chartUnit(),
                        series,
                        bands,
                        null,
                        null));
            }
        }
        String note = notes.isEmpty() ? null : String.join(" ", notes);
        if (charts.isEmpty()) {
            return note == null
                    ? List.of()
                    : List.of(new Chart(idPrefix + "-0", title, Chart.NOTE, "", List.of(), List.of(), note, null));
        }
        if (note != null) {
            charts.add(charts.remove(charts.size() - 1).withNote(note));
        }
        return charts;
    }

    /** One chart per {@link #SERIES_PER_CHART} names of a column, largest first; names beyond the last listed. */
    private static void keyedCharts(
            String idPrefix, String title, Column column, List<Band> bands, List<Chart> charts, List<String> notes) {
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
            charts.add(new Chart(
                    idPrefix + "-" + charts.size(),
                    title + ": " + column.name() + part,
                    Chart.TIME,
                    column.unit().chartUnit(),
                    series,
                    bands,
                    null,
                    null));
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
    private static List<List<Column>> byUnitAndMagnitude(List<Column> columns) {
        Map<String, List<Column>> groups = new LinkedHashMap<>();
        for (Column column : columns) {
            String group = column.unit().chartUnit() + "|" + column.unit().label();
            if (column.unit() == Unit.COUNT || column.unit() == Unit.PER_SECOND) {
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

    /**
     * The text columns that name an entity: those that vary, less the ones that repeat another (a queue named like
     * its address) or that another determines and that take at most three values (a pool's HEAP or NON_HEAP).
     */
    private static List<Integer> keyColumns(List<List<String>> rows, List<Integer> text) {
        List<Integer> varying = new ArrayList<>();
        Map<Integer, Integer> distinct = new HashMap<>();
        for (int c : text) {
            Set<String> values = new HashSet<>();
            rows.forEach(row -> values.add(CsvTable.cell(row, c)));
            if (values.size() > 1) {
                varying.add(c);
                distinct.put(c, values.size());
            }
        }
        List<Integer> keys = new ArrayList<>(varying);
        for (int c : varying) {
            for (int d : varying) {
                if (c == d || !keys.contains(d)) {
                    continue;
                }
                boolean repeats =
                        rows.stream().allMatch(row -> CsvTable.cell(row, c).equals(CsvTable.cell(row, d)));
                if (repeats && c > d
                        || distinct.get(c) <= 3 && distinct.get(d) > distinct.get(c) && determines(rows, d, c)) {
                    keys.remove(Integer.valueOf(c));
                    break;
                }
            }
        }
        return keys;
    }

    private static boolean determines(List<List<String>> rows, int by, int column) {
        Map<String, String> seen = new HashMap<>();
        for (List<String> row : rows) {
            String previous = seen.putIfAbsent(CsvTable.cell(row, by), CsvTable.cell(row, column));
            if (previous != null && !previous.equals(CsvTable.cell(row, column))) {
                return false;
            }
        }
        return true;
    }

    /** The internal name a row is about, or null for a row of the SUT's own entities. */
    private static String internalName(List<String> row, List<Integer> text, List<String> columns) {
        for (int c : text) {
            if (OWNER_COLUMNS.contains(columns.get(c).toLowerCase(Locale.ROOT))) {
                continue;
            }
            String cell = CsvTable.cell(row, c);
            if (!cell.isEmpty() && INTERNAL.matcher(cell).matches()) {
                return cell;
            }
        }
        return null;
    }

    /** Whether a name is one of the broker's internal queues or addresses or one of the control topics'. */
    static boolean isInternal(String name) {
        return INTERNAL.matcher(name).matches();
    }

    /** The increase per second between consecutive samples; a decrease (the SUT restarted) counts from zero. */
    private static List<Object[]> ratePerSecond(List<Object[]> samples) {
        List<Object[]> rates = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            long t0 = (Long) samples.get(i - 1)[0];
            long t1 = (Long) samples.get(i)[0];
            if (t1 <= t0) {
                continue;
            }
            double v0 = (Double) samples.get(i - 1)[1];
            double v1 = (Double) samples.get(i)[1];
            double increase = v1 >= v0 ? v1 - v0 : v1;
            rates.add(new Object[] {t1, Math.round(increase * 1000.0 / (t1 - t0) * 1000) / 1000.0});
        }
        return rates;
    }

    /** The unit of a column, by its name and the data set's. */
    private static Unit unitOf(String dataSet, String column) {
        String name = column.toLowerCase(Locale.ROOT);
        if (name.contains("cpuload")) {
            return Unit.PERCENT;
        }
        if (name.endsWith("percent")) {
            return Unit.PERCENT_POINTS;
        }
        if (name.endsWith("perminute")) {
            return Unit.PER_MINUTE;
        }
        if (name.endsWith("rate")) {
            return Unit.PER_SECOND;
        }
        if (name.contains("loadaverage")) {
            return Unit.LOAD;
        }
        if (name.endsWith("seconds")) {
            return Unit.SECONDS;
        }
        if (name.contains("byte")
                || name.contains("heap") && !name.contains("fromheap") && !name.contains("toheap")
                || name.contains("memory")
                || name.contains("swapspace")
                || name.startsWith("mem")
                || name.equals("typesize")
                || (dataSet.contains("heap") || dataSet.contains("memory"))
                        && Set.of("init", "committed", "max", "used").contains(name)) {
            return Unit.BYTES;
        }
        return Unit.COUNT;
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

    private static List<String> first(java.util.Collection<String> values, int n) {
        return values.stream().limit(n).toList();
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

    private static Number number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }

    private static String format(double value, Unit unit) {
        if (unit == Unit.BYTES && Math.abs(value) >= 1024) {
            double mib = value / (1024.0 * 1024);
            return mib >= 1
                    ? String.format(Locale.ROOT, "%.1f MiB", mib)
                    : String.format(Locale.ROOT, "%.1f KiB", value / 1024);
        }
        String number = value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
        return unit == Unit.PER_SECOND
                ? number + "/s"
                : unit == Unit.PER_MINUTE
                        ? number + "/min"
                        : unit == Unit.PERCENT || unit == Unit.PERCENT_POINTS ? number + " %" : number;
    }
}
