package org.maestro.common.files.health;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.maestro.common.files.csv.CsvTable;

/**
 * A sender's or receiver's {@code health.csv}: how well its own process could do its work, one row per second. The
 * CPU its threads used and the CPU they waited for (both in % of the cores the process may use), the garbage
 * collector's pauses, how late a thread that sleeps 1 ms woke (the hiccup meter) and, for a sender, the p99 of its
 * send delay. A figure the machine has no counter for is an empty cell, never 0; the reason is in the peer's
 * {@code test.properties} ({@code health.absent.<figure>}). {@link HealthLogWriter} writes it; {@link #read} reads it.
 *
 * <pre>
 * # maestro-health v1
 * timestamp,millis,cores,cpu,cpu_wait,gc_pause_ms,gc_longest_ms,hiccup_p99_us,hiccup_max_us,send_delay_p99_us
 * 1732262401000,1000,2,37.5,1.2,0.0,0.0,81,312,55
 * </pre>
 */
public final class HealthLog {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "health.csv";
    /** The format written; the newest this reader understands. */
    public static final int FORMAT_VERSION = 1;
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-health v" + FORMAT_VERSION;
    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of(
            "timestamp",
            "millis",
            "cores",
            "cpu",
            "cpu_wait",
            "gc_pause_ms",
            "gc_longest_ms",
            "hiccup_p99_us",
            "hiccup_max_us",
            "send_delay_p99_us");
    /** The most rows a reader takes: a day of seconds, with room. */
    public static final int MAX_ROWS = 200_000;

    /** The property of {@code test.properties} that says why a figure is absent, e.g. {@code health.absent.cpu}. */
    public static String absentProperty(String column) {
        return "health.absent." + column;
    }

    /**
     * One second of a peer's health; an empty optional is a figure the machine could not measure.
     *
     * @param timestamp the end of the interval, epoch ms
     * @param millis the interval's length
     * @param cores the cores the process may use
     * @param cpuPercent CPU time its threads used, % of {@code cores} × the interval
     * @param cpuWaitPercent time its threads were runnable but waited for a core, same unit
     * @param gcPauseMillis the collector's pauses in the interval, summed
     * @param gcLongestMillis the longest of them
     * @param hiccupP99Micros the p99 of how late the 1 ms sleeper woke
     * @param hiccupMaxMicros the latest it woke
     * @param sendDelayP99Micros a sender's p99 send delay in the interval (empty for a receiver or a second without
     *     a measured message)
     */
    public record Row(
            long timestamp,
            long millis,
            int cores,
            OptionalDouble cpuPercent,
            OptionalDouble cpuWaitPercent,
            OptionalDouble gcPauseMillis,
            OptionalDouble gcLongestMillis,
            OptionalLong hiccupP99Micros,
            OptionalLong hiccupMaxMicros,
            OptionalLong sendDelayP99Micros) {}

    private HealthLog() {}

    /** Reads a file; throws naming the file and the row when one is not as documented or there are too many. */
    public static List<Row> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has health format v" + table.version() + "; this reader reads up to v"
                    + FORMAT_VERSION + " (upgrade Maestro)");
        }
        int[] at = new int[COLUMNS.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = table.column(COLUMNS.get(i));
            if (at[i] < 0) {
                throw new IOException(
                        file + ": expected a header '" + String.join(",", COLUMNS) + "', found " + table.columns());
            }
        }
        if (table.rows().size() > MAX_ROWS) {
            throw new IOException(file + " has " + table.rows().size() + " rows; a health file holds at most "
                    + MAX_ROWS + " (one per second)");
        }
        List<Row> rows = new ArrayList<>(table.rows().size());
        int line = 0;
        for (List<String> cells : table.rows()) {
            line++;
            try {
                rows.add(new Row(
                        Long.parseLong(CsvTable.cell(cells, at[0])),
                        Long.parseLong(CsvTable.cell(cells, at[1])),
                        Integer.parseInt(CsvTable.cell(cells, at[2])),
                        decimal(CsvTable.cell(cells, at[3])),
                        decimal(CsvTable.cell(cells, at[4])),
                        decimal(CsvTable.cell(cells, at[5])),
                        decimal(CsvTable.cell(cells, at[6])),
                        whole(CsvTable.cell(cells, at[7])),
                        whole(CsvTable.cell(cells, at[8])),
                        whole(CsvTable.cell(cells, at[9]))));
            } catch (NumberFormatException e) {
                throw new IOException(
                        file + ": data row " + line + " " + cells + " is not numeric (" + e.getMessage() + ")", e);
            }
        }
        return rows;
    }

    private static OptionalDouble decimal(String cell) {
        if (cell.isEmpty()) {
            return OptionalDouble.empty();
        }
        double value = Double.parseDouble(cell);
        if (!Double.isFinite(value) || value < 0) {
            throw new NumberFormatException("'" + cell + "' is not a finite figure ≥ 0");
        }
        return OptionalDouble.of(value);
    }

    private static OptionalLong whole(String cell) {
        if (cell.isEmpty()) {
            return OptionalLong.empty();
        }
        long value = Long.parseLong(cell);
        if (value < 0) {
            throw new NumberFormatException("'" + cell + "' is negative");
        }
        return OptionalLong.of(value);
    }
}
