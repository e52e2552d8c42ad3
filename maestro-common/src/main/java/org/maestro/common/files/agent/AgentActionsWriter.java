package org.maestro.common.files.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.maestro.common.files.csv.CsvFileWriter;

/**
 * Writes an agent's {@code agent-actions.csv} (see {@link AgentActions}) in one go: to a temporary file first, then
 * moved over the old one, so that a reader never sees half a file. Line breaks in a command or message become spaces.
 */
public final class AgentActionsWriter {
    private AgentActionsWriter() {}

    /** Creates (or replaces) {@code <directory>/agent-actions.csv} with the given actions, creating the directory. */
    public static void write(Path directory, List<AgentActions.Row> rows) throws IOException {
        Files.createDirectories(directory);
        Path temporary = directory.resolve(AgentActions.FILE_NAME + ".tmp");
        try (CsvFileWriter out =
                CsvFileWriter.create(temporary, AgentActions.VERSION_LINE, List.of(), AgentActions.COLUMNS)) {
            for (AgentActions.Row row : rows) {
                out.row(
                        oneLine(row.action()),
                        oneLine(row.command()),
                        row.start(),
                        row.end() < 0 ? null : row.end(),
                        row.outcome(),
                        oneLine(row.message()));
            }
        }
        Files.move(
                temporary,
                directory.resolve(AgentActions.FILE_NAME),
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** The text on one line: line breaks become spaces. */
    static String oneLine(String field) {
        return field == null
                ? null
                : field.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
