package org.maestro.common.files.gaps;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.csv.CsvTable;

/**
 * A receiver's {@code receive-gaps.csv}: every silence of at least a threshold in which no message reached any of its
 * connections, from the last message before (epoch µs) to the first after, and its length in ms. A comment line
 * names the threshold, another counts the silences that were not kept. {@link ReceiveGapsWriter} writes it;
 * {@link #read} reads it.
 *
 * <pre>
 * # maestro-receive-gaps v1
 * # silences of at least 200 ms between two messages of any connection
 * start,end,millis
 * 1732262417011000,1732262425099000,8088.000
 * </pre>
 */
public final class ReceiveGaps {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "receive-gaps.csv";
    /** The format written; the newest this reader understands. */
    public static final int FORMAT_VERSION = 1;
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-receive-gaps v" + FORMAT_VERSION;
    /** The column names: epoch µs of the last message before and the first after, and the silence in ms. */
    public static final List<String> COLUMNS = List.of("start", "end", "millis");

    /** One silence, in epoch µs. */
    public record Gap(long startMicros, long endMicros) {
        /** Its length in ms. */
        public double millis() {
            return (endMicros - startMicros) / 1000.0;
        }
    }

    private ReceiveGaps() {}

    /** Reads the silences of a file; throws naming the file and row when one is not as documented. */
    public static List<Gap> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has receive-gaps format v" + table.version() + "; this reader reads up to v"
                    + FORMAT_VERSION + " (upgrade Maestro)");
        }
        int start = table.column("start");
        int end = table.column("end");
        if (start < 0 || end < 0) {
            throw new IOException(
                    file + ": expected a header '" + String.join(",", COLUMNS) + "', found " + table.columns());
        }
        List<Gap> gaps = new ArrayList<>(table.rows().size());
        int line = 0;
        for (List<String> row : table.rows()) {
            line++;
            try {
                gaps.add(new Gap(Long.parseLong(CsvTable.cell(row, start)), Long.parseLong(CsvTable.cell(row, end))));
            } catch (NumberFormatException e) {
                throw new IOException(
                        file + ": data row " + line + " " + row + " is not numeric (" + e.getMessage() + ")", e);
            }
        }
        return gaps;
    }
}
