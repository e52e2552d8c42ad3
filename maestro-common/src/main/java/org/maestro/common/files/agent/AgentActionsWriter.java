package org.maestro.common.files.agent;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.files.csv.CsvFileWriter;

/**
 * Writes an agent's {@code agent-actions.csv} (see {@link AgentActions}) in one go, whole or not at all
 * ({@link AtomicFiles}), so that a reader never sees half a file. Line breaks in a command or message become spaces;
 * program output is escaped onto one line ({@link AgentActions#escape}).
 */
public final class AgentActionsWriter {
    private AgentActionsWriter() {}

    /** Creates (or replaces) {@code <directory>/agent-actions.csv} with the given actions, creating the directory. */
    public static void write(Path directory, List<AgentActions.Row> rows) throws IOException {
        AtomicFiles.write(directory.resolve(AgentActions.FILE_NAME), stream -> {
            Writer text = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            try (CsvFileWriter out =
                    CsvFileWriter.create(text, AgentActions.VERSION_LINE, List.of(), AgentActions.COLUMNS)) {
                for (AgentActions.Row row : rows) {
                    out.row(
                            oneLine(row.action()),
                            oneLine(row.command()),
                            row.start(),
                            row.end() < 0 ? null : row.end(),
                            row.outcome(),
                            oneLine(row.message()),
                            oneLine(row.exit()),
                            row.stdout() == null ? null : AgentActions.escape(row.stdout()),
                            row.stderr() == null ? null : AgentActions.escape(row.stderr()));
                }
            }
        });
    }

    /** The text on one line: line breaks become spaces. */
    static String oneLine(String field) {
        return field == null
                ? null
                : field.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
