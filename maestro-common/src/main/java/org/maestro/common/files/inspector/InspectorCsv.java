package org.maestro.common.files.inspector;

import java.io.IOException;
import java.nio.file.Path;
import org.maestro.common.files.csv.CsvTable;

/**
 * An inspector's data-set file, {@code <data set>.csv}: a format line, a header {@code timestamp,<data columns>},
 * then the rows of every poll, all stamped with the epoch ms at which the poll began (docs/inspector.md).
 * {@link InspectorCsvWriter} writes it; {@link #read} reads it.
 *
 * <pre>
 * # maestro-inspector v1
 * timestamp,name,messageCount,consumerCount
 * 1732262400000,test.queue,12,2
 * </pre>
 */
public final class InspectorCsv {
    /** The format written; the newest this reader understands. */
    public static final int FORMAT_VERSION = 1;
    /** The first line of every inspector CSV: the format and its version. */
    public static final String FORMAT_LINE = "# maestro-inspector v" + FORMAT_VERSION;
    /** The first column: epoch milliseconds of the poll that read the row. */
    public static final String TIMESTAMP = "timestamp";
    /** What a data set's name is followed by in its file name. */
    public static final String SUFFIX = ".csv";

    private InspectorCsv() {}

    /** The file name of a data set. */
    public static String fileName(String dataSet) {
        return dataSet + SUFFIX;
    }

    /** Reads a data-set file (also {@code .csv.gz}); a file without a header row gives an empty table. */
    public static CsvTable read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        if (table.kind().equals("inspector") && table.version() > FORMAT_VERSION) {
            throw new IOException(file + " has inspector format v" + table.version() + "; this reader reads up to v"
                    + FORMAT_VERSION + " (upgrade Maestro)");
        }
        return table;
    }
}
