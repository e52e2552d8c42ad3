package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.files.csv.Timestamps;
import org.maestro.reporter.compute.InspectorDataSet;

/**
 * An inspector data set's rows as its charts see them: the rows with a time stamp, less those about the broker's own
 * or the control topics' queues and addresses ({@link #hidden()}), and each numeric column as points per entity (the
 * text columns that name one: a queue, pool or link, {@link #keys()}). Cumulative counters (messages added,
 * deliveries) become rates per second.
 */
final class InspectorTable {

    /** A numeric column: its name, unit and points ({@code [epoch ms, value]}) per entity ("" when unkeyed). */
    record Column(String name, InspectorUnit unit, boolean cumulative, Map<String, List<Object[]>> points) {}

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

    private final List<Column> columns;
    private final List<Integer> keys;
    private final Set<String> hidden;
    private final int keptRows;

    private InspectorTable(List<Column> columns, List<Integer> keys, Set<String> hidden, int keptRows) {
        this.columns = columns;
        this.keys = keys;
        this.hidden = hidden;
        this.keptRows = keptRows;
    }

    /** The table of a data set; null when no row has a time stamp. */
    static InspectorTable of(InspectorDataSet dataSet) {
        CsvTable table = dataSet.table();
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
            return null;
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
        List<Column> columns = new ArrayList<>();
        for (int c : numeric) {
            String name = table.columns().get(c);
            InspectorUnit unit = InspectorUnit.of(dataSet.name(), name);
            boolean cumulative = CUMULATIVE.matcher(name).matches();
            Map<String, List<Object[]>> points = new TreeMap<>();
            for (int r : kept) {
                String cell = CsvTable.cell(rows.get(r), c);
                if (cell.isEmpty()) {
                    continue;
                }
                double value = Double.parseDouble(cell);
                if (value < 0 && unit.negativeMeansNone()) {
                    continue; // -1: not available, or no limit
                }
                points.computeIfAbsent(key(rows.get(r), keys), k -> new ArrayList<>())
                        .add(new Object[] {rowTimes.get(r), value * unit.factor()});
            }
            if (cumulative) {
                points.replaceAll((key, list) -> ratePerSecond(list));
                points.values().removeIf(List::isEmpty);
                unit = InspectorUnit.PER_SECOND;
            }
            points.values().forEach(list -> list.replaceAll(p -> new Object[] {p[0], number((Double) p[1])}));
            if (!points.isEmpty()) {
                columns.add(new Column(name + (cumulative ? " per second" : ""), unit, cumulative, points));
            }
        }
        return new InspectorTable(columns, keys, hidden, kept.size());
    }

    /** The numeric columns that have points. */
    List<Column> columns() {
        return columns;
    }

    /** True when text columns name entities: each column has one line per entity. */
    boolean keyed() {
        return !keys.isEmpty();
    }

    /** The internal queues and addresses whose rows were left out, by name. */
    Set<String> hidden() {
        return hidden;
    }

    /** The rows charted (with a time stamp, not about an internal name). */
    int keptRows() {
        return keptRows;
    }

    /** Whether a name is one of the broker's internal queues or addresses or one of the control topics'. */
    static boolean isInternal(String name) {
        return INTERNAL.matcher(name).matches();
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
}
