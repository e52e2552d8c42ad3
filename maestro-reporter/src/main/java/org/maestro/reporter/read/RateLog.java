package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.measure.OutcomeCounts;

/**
 * Reads a peer's rate.csv(.gz): one row per second with count, errors and the warm-up flag, and (format v2, senders)
 * the send outcomes of the second. Reads v1 files, whose rows have no outcomes.
 */
public final class RateLog {

    /** Newest rate format this reader understands. */
    public static final int FORMAT_VERSION = 2;

    /** The outcome columns of format v2, in {@link OutcomeCounts} order. */
    static final List<String> OUTCOME_COLUMNS = List.of("accepted", "released", "rejected", "modified", "failed");

    /**
     * One second of a peer's rate.
     *
     * @param timestamp epoch ms of the end of the interval
     * @param count messages sent or received in the interval
     * @param errors errors in the interval
     * @param warmup true while warming up
     * @param outcomes a sender's send outcomes in the interval, or null (a receiver, or a v1 file)
     */
    public record Row(long timestamp, long count, long errors, boolean warmup, OutcomeCounts outcomes) {

        /** A row without outcomes. */
        public Row(long timestamp, long count, long errors, boolean warmup) {
            this(timestamp, count, errors, warmup, null);
        }
    }

    private RateLog() {
    }

    /** Reads all rows; throws with the file, line and column named when a row is not as documented. */
    public static List<Row> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has rate format v" + table.version()
                    + "; this reporter reads up to v" + FORMAT_VERSION + " (upgrade maestro-reporter)");
        }
        int timestamp = table.column("timestamp");
        int count = table.column("count");
        int errors = table.column("errors");
        int warmup = table.column("warmup");
        if (timestamp < 0 || count < 0) {
            throw new IOException(file + ": expected a header 'timestamp,count,errors,warmup' (v2: then "
                    + String.join(",", OUTCOME_COLUMNS) + "), found " + table.columns());
        }
        int[] outcomeColumns = OUTCOME_COLUMNS.stream().mapToInt(table::column).toArray();
        List<Row> rows = new ArrayList<>(table.rows().size());
        int line = 0;
        for (List<String> row : table.rows()) {
            line++;
            try {
                rows.add(new Row(
                        Long.parseLong(CsvTable.cell(row, timestamp)),
                        Long.parseLong(CsvTable.cell(row, count)),
                        number(CsvTable.cell(row, errors)),
                        Boolean.parseBoolean(CsvTable.cell(row, warmup)),
                        outcomes(row, outcomeColumns)));
            } catch (NumberFormatException e) {
                throw new IOException(file + ": data row " + line + " " + row + " is not numeric ("
                        + e.getMessage() + ")", e);
            }
        }
        return rows;
    }

    /** The outcomes of a row, or null when its outcome cells are missing or empty (a receiver's row). */
    private static OutcomeCounts outcomes(List<String> row, int[] columns) {
        long[] values = new long[columns.length];
        boolean any = false;
        for (int i = 0; i < columns.length; i++) {
            String cell = columns[i] < 0 ? "" : CsvTable.cell(row, columns[i]);
            any |= !cell.isEmpty();
            values[i] = number(cell);
        }
        return any ? new OutcomeCounts(values[0], values[1], values[2], values[3], values[4]) : null;
    }

    private static long number(String cell) {
        return cell.isEmpty() ? 0 : Long.parseLong(cell);
    }
}
