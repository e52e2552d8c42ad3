package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a peer's rate.csv(.gz): one row per second with count, errors and the warm-up flag. */
public final class RateLog {

    /** Newest rate format this reader understands. */
    public static final int FORMAT_VERSION = 1;

    /**
     * One second of a peer's rate.
     *
     * @param timestamp epoch ms of the end of the interval
     * @param count messages sent or received in the interval
     * @param errors errors in the interval
     * @param warmup true while warming up
     */
    public record Row(long timestamp, long count, long errors, boolean warmup) {
    }

    private RateLog() {
    }

    /** Reads all rows; throws with the file, line and column named when a row is not as documented. */
    public static List<Row> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has rate format v" + table.version()
                    + "; this reporter reads v" + FORMAT_VERSION + " (upgrade maestro-reporter)");
        }
        int timestamp = table.column("timestamp");
        int count = table.column("count");
        int errors = table.column("errors");
        int warmup = table.column("warmup");
        if (timestamp < 0 || count < 0) {
            throw new IOException(file + ": expected a header 'timestamp,count,errors,warmup', found "
                    + table.columns());
        }
        List<Row> rows = new ArrayList<>(table.rows().size());
        int line = 0;
        for (List<String> row : table.rows()) {
            line++;
            try {
                String errorCell = CsvTable.cell(row, errors);
                rows.add(new Row(
                        Long.parseLong(CsvTable.cell(row, timestamp)),
                        Long.parseLong(CsvTable.cell(row, count)),
                        errorCell.isEmpty() ? 0 : Long.parseLong(errorCell),
                        Boolean.parseBoolean(CsvTable.cell(row, warmup))));
            } catch (NumberFormatException e) {
                throw new IOException(file + ": data row " + line + " " + row + " is not numeric ("
                        + e.getMessage() + ")", e);
            }
        }
        return rows;
    }
}
