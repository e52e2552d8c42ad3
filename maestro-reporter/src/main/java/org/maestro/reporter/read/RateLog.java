package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.measure.OutcomeCounts;

/**
 * Reads a peer's rate.csv(.gz): one row per second with count, errors and the warm-up flag, (format v2, senders)
 * the send outcomes of the second and (format v3) the row's length and its measured messages. Reads v1 and v2 files:
 * their rows have no outcomes (v1), and a row's messages are all measured or all warm-up by its flag.
 */
public final class RateLog {

    /** Newest rate format this reader understands. */
    public static final int FORMAT_VERSION = 3;

    /** The outcome columns of format v2, in {@link OutcomeCounts} order. */
    static final List<String> OUTCOME_COLUMNS = List.of("accepted", "released", "rejected", "modified", "failed");

    /**
     * One second of a peer's rate.
     *
     * @param timestamp epoch ms of the end of the interval
     * @param count messages sent or received in the interval, warm-up messages included
     * @param errors errors in the interval
     * @param warmup true when all messages of the interval were warm-up messages
     * @param outcomes a sender's send outcomes in the interval, or null (a receiver, or a v1 file)
     * @param millis the length of the interval in ms (v3; 1000 for older files)
     * @param measured the messages of the interval that were not warm-up messages (v3; older files: {@code count}
     *                 unless the row is a warm-up row)
     */
    public record Row(long timestamp, long count, long errors, boolean warmup, OutcomeCounts outcomes, long millis,
            long measured) {

        /** A row of an older format: one second, its messages all measured or all warm-up by its flag. */
        public Row(long timestamp, long count, long errors, boolean warmup, OutcomeCounts outcomes) {
            this(timestamp, count, errors, warmup, outcomes, 1000, warmup ? 0 : count);
        }

        /** A row without outcomes. */
        public Row(long timestamp, long count, long errors, boolean warmup) {
            this(timestamp, count, errors, warmup, null);
        }

        /** The warm-up messages of the interval. */
        public long warmupCount() {
            return count - measured;
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
        int millis = table.column("millis");
        int measured = table.column("measured");
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
                Row read = new Row(
                        Long.parseLong(CsvTable.cell(row, timestamp)),
                        Long.parseLong(CsvTable.cell(row, count)),
                        number(CsvTable.cell(row, errors)),
                        Boolean.parseBoolean(CsvTable.cell(row, warmup)),
                        outcomes(row, outcomeColumns));
                if (millis >= 0 && measured >= 0) {
                    read = new Row(read.timestamp(), read.count(), read.errors(), read.warmup(), read.outcomes(),
                            Long.parseLong(CsvTable.cell(row, millis)), Long.parseLong(CsvTable.cell(row, measured)));
                    if (read.measured() > read.count() || read.measured() < 0) {
                        throw new IOException(file + ": data row " + line + " " + row + " counts " + read.measured()
                                + " measured messages of " + read.count() + "; measured must be between 0 and count");
                    }
                }
                rows.add(read);
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
