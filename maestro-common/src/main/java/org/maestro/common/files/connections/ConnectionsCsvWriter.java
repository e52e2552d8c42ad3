package org.maestro.common.files.connections;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.files.csv.CsvFileWriter;

/** Writes a peer's {@code connections.csv} (see {@link ConnectionsCsv}) whole, at the end of a run. */
public final class ConnectionsCsvWriter {
    private ConnectionsCsvWriter() {}

    /** Creates (or replaces) the file with one row per connection, whole or not at all. */
    public static void write(Path file, Collection<ConnectionsCsv.Row> rows) throws IOException {
        AtomicFiles.write(file, out -> {
            Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            try (CsvFileWriter csv =
                    CsvFileWriter.create(text, ConnectionsCsv.VERSION_LINE, List.of(), ConnectionsCsv.COLUMNS)) {
                for (ConnectionsCsv.Row row : rows) {
                    csv.row(
                            row.index(),
                            row.connection(),
                            row.destination(),
                            row.subscription(),
                            row.name(),
                            row.sent(),
                            row.refused(),
                            row.resent(),
                            row.received(),
                            row.duplicates(),
                            row.lost(),
                            row.measured(),
                            row.bytes(),
                            row.firstMicros(),
                            row.lastMicros(),
                            row.histogram());
                }
            }
        });
    }
}
