package org.maestro.common.files.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.files.csv.Timestamps;

/**
 * An agent's {@code agent-actions.csv}: one row per action with its id, its command, when it started and ended
 * (epoch ms; the end is empty while it runs), its outcome ({@code running}, {@code success}, {@code failed},
 * {@code cancelled}) and its result or reason on one line (docs/agent.md). {@link AgentActionsWriter} writes it;
 * {@link #read} reads it, finding the columns by name so that added or renamed columns do no harm.
 *
 * <pre>
 * # maestro-agent v1
 * action,command,start,end,outcome,message
 * 1,restart router 2,1732262580000,1732262582311,success,router stopped for 2 s and started again
 * </pre>
 */
public final class AgentActions {
    /** The file name in the agent's result directory. */
    public static final String FILE_NAME = "agent-actions.csv";
    /** The format written. */
    public static final int FORMAT_VERSION = 1;
    /** The first line of the file: the format and its version. */
    public static final String VERSION_LINE = "# maestro-agent v" + FORMAT_VERSION;
    /** The column names, in the order they are written. */
    public static final List<String> COLUMNS = List.of("action", "command", "start", "end", "outcome", "message");

    /**
     * One action.
     *
     * @param action  its id ("" when the file has none)
     * @param command the command as sent
     * @param start   epoch ms when it started
     * @param end     epoch ms when it ended, -1 while it runs
     * @param outcome how it ended, {@code running} while it runs
     * @param message its result or the reason, on one line
     */
    public record Row(String action, String command, long start, long end, String outcome, String message) {
        /** The end, or the start for an action still running or whose end is before its start. */
        public long endOrStart() {
            return end < start ? start : end;
        }
    }

    private AgentActions() {}

    /**
     * Reads the actions of a file. Columns are found by name: start ({@code start}, {@code startMillis}, …), end,
     * {@code command} (or {@code action}), {@code outcome} (or {@code result}, {@code status}), {@code message} (or
     * {@code reason}, {@code detail}); times are epoch ms or ISO-8601.
     *
     * @throws IOException naming the file and row when a row has no readable start time
     */
    public static List<Row> read(Path file) throws IOException {
        CsvTable table = CsvTable.read(file);
        int start = table.column("start", "startMillis", "start_ms", "startTime");
        if (start < 0) {
            start = table.columnContaining("start");
        }
        int end = table.column("end", "endMillis", "end_ms", "endTime");
        if (end < 0) {
            end = table.columnContaining("end");
        }
        int command = table.column("command", "action", "name");
        int action = table.column("action", "id");
        if (action == command) {
            action = -1;
        }
        int outcome = table.column("outcome", "result", "status");
        int message = table.column("message", "reason", "detail", "details");
        if (start < 0 || command < 0) {
            throw new IOException(file + ": expected columns for the start time and the command (e.g. '"
                    + String.join(",", COLUMNS) + "'), found " + table.columns());
        }
        List<Row> rows = new ArrayList<>();
        int line = 0;
        for (List<String> row : table.rows()) {
            line++;
            long startMillis = Timestamps.parseMillis(CsvTable.cell(row, start));
            if (startMillis == Timestamps.NONE) {
                throw new IOException(file + ": data row " + line + " has no readable start time: " + row);
            }
            long endMillis = Timestamps.parseMillis(CsvTable.cell(row, end));
            rows.add(new Row(
                    CsvTable.cell(row, action),
                    CsvTable.cell(row, command),
                    startMillis,
                    endMillis == Timestamps.NONE ? -1 : endMillis,
                    CsvTable.cell(row, outcome),
                    CsvTable.cell(row, message)));
        }
        return rows;
    }
}
