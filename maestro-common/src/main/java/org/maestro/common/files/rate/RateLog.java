package org.maestro.common.files.rate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.measure.OutcomeCounts;

/**
 * A peer's {@code rate.csv(.gz)}: one row per interval (a second, longer after a stall of the writer) with its
 * length, count, measured messages, errors, the warm-up flag and, for a sender, the send outcomes of the interval.
 * {@link RateLogWriter} writes it and {@link #read} reads it (format v3, docs/results-format.md).
 *
 * <pre>
 * # maestro-rate v3
 * timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed
 * 1732262401000,1000,2001,1500,250,false,1751,250,0,0,0
 * </pre>
 */
public final class RateLog {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "rate.csv";
    /** The rate format written and read. */
    public static final int FORMAT_VERSION = 3;
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-rate v" + FORMAT_VERSION;
    /** The column names, in the order they are written. */
    public static final List<String> COLUMNS = List.of(
            "timestamp",
            "millis",
            "count",
            "measured",
            "errors",
            "warmup",
            "accepted",
            "released",
            "rejected",
            "modified",
            "failed");

    /** The outcome columns, in {@link OutcomeCounts} order. */
    static final List<String> OUTCOME_COLUMNS = List.of("accepted", "released", "rejected", "modified", "failed");

    /**
     * One second of a peer's rate.
     *
     * @param timestamp epoch ms of the end of the interval
     * @param count messages sent or received in the interval, warm-up messages included
     * @param errors errors in the interval
     * @param warmup true when all messages of the interval were warm-up messages
     * @param outcomes a sender's send outcomes in the interval, or null (a receiver)
     * @param millis the length of the interval in ms
     * @param measured the messages of the interval that were not warm-up messages
     */
    public record Row(
            long timestamp,
            long count,
            long errors,
            boolean warmup,
            OutcomeCounts outcomes,
            long millis,
            long measured) {

        /** The warm-up messages of the interval. */
        public long warmupCount() {
            return count - measured;
        }
    }

    private RateLog() {}

    /**
     * Reads all rows; throws with the file, line and column named when the file is not of format v3 or a row is not as
     * documented.
     */
    public static List<Row> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.version() != FORMAT_VERSION) {
            throw new IOException(
                    file + " has " + (table.version() == 0 ? "no version line" : "rate format v" + table.version())
                            + "; this Maestro reads '" + VERSION_LINE + "' files, the format its peers write");
        }
        for (String column : COLUMNS) {
            if (table.column(column) < 0) {
                throw new IOException(file + ": expected the header '" + String.join(",", COLUMNS) + "', found "
                        + table.columns() + " (no column '" + column + "')");
            }
        }
        int timestamp = table.column("timestamp");
        int millis = table.column("millis");
        int count = table.column("count");
        int measured = table.column("measured");
        int errors = table.column("errors");
        int warmup = table.column("warmup");
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
                        outcomes(row, outcomeColumns),
                        Long.parseLong(CsvTable.cell(row, millis)),
                        Long.parseLong(CsvTable.cell(row, measured)));
                if (read.measured() > read.count() || read.measured() < 0) {
                    throw new IOException(file + ": data row " + line + " " + row + " counts " + read.measured()
                            + " measured messages of " + read.count() + "; measured must be between 0 and count");
                }
                rows.add(read);
            } catch (NumberFormatException e) {
                throw new IOException(
                        file + ": data row " + line + " " + row + " is not numeric (" + e.getMessage() + ")", e);
            }
        }
        return rows;
    }

    /** The outcomes of a row, or null when its outcome cells are missing or empty (a receiver's row). */
    private static OutcomeCounts outcomes(List<String> row, int[] columns) {
        long[] values = new long[columns.length];
        boolean any = false;
        for (int i = 0; i < columns.length; i++) {
            String cell = CsvTable.cell(row, columns[i]);
            any |= !cell.isEmpty();
            values[i] = number(cell);
        }
        return any ? new OutcomeCounts(values[0], values[1], values[2], values[3], values[4]) : null;
    }

    private static long number(String cell) {
        return cell.isEmpty() ? 0 : Long.parseLong(cell);
    }
}
