package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.AgentAction;

/**
 * Reads an agent's agent-actions.csv: one row per action with its start and end (epoch ms),
 * command, outcome and an optional message. Columns are found by name (start…, end…,
 * command/action, outcome/result/status, message/reason/detail), so added columns do no harm.
 */
public final class AgentActionsFile {

    private AgentActionsFile() {
    }

    /** Reads the actions of one agent; rows without a readable start time are reported in the exception. */
    public static List<AgentAction> read(Path file, String agent) throws IOException {
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
        int outcome = table.column("outcome", "result", "status");
        int message = table.column("message", "reason", "detail", "details");
        if (start < 0 || command < 0) {
            throw new IOException(file + ": expected columns for the start time and the command (e.g. "
                    + "'start,end,command,outcome,message'), found " + table.columns());
        }
        List<AgentAction> actions = new ArrayList<>();
        int line = 0;
        for (List<String> row : table.rows()) {
            line++;
            long startMillis = Timestamps.parseMillis(CsvTable.cell(row, start));
            if (startMillis == Timestamps.NONE) {
                throw new IOException(file + ": data row " + line + " has no readable start time: " + row);
            }
            long endMillis = Timestamps.parseMillis(CsvTable.cell(row, end));
            if (endMillis == Timestamps.NONE || endMillis < startMillis) {
                endMillis = startMillis;
            }
            actions.add(new AgentAction(agent, CsvTable.cell(row, command), startMillis, endMillis,
                    CsvTable.cell(row, outcome), CsvTable.cell(row, message)));
        }
        return actions;
    }
}
