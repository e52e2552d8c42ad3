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
 * {@code cancelled}), its result or reason on one line and, for a handler that is a program, its exit code and the
 * ends of its standard output and error, escaped onto one line ({@link #escape}) (docs/agent.md).
 * {@link AgentActionsWriter} writes it; {@link #read} reads it (version 1 files too), finding the columns by name so
 * that added or renamed columns do no harm.
 *
 * <pre>
 * # maestro-agent v2
 * action,command,start,end,outcome,message,exit,stdout,stderr
 * 1,restart router 2,1732262580000,1732262582311,success,router stopped for 2 s and started again,,,
 * 2,check-disk /var,1732262590000,1732262590120,failed,handlers/check-disk exited with 3; its stderr: full,3,checking\n,full\n
 * </pre>
 */
public final class AgentActions {
    /** The file name in the agent's result directory. */
    public static final String FILE_NAME = "agent-actions.csv";
    /** The format written. */
    public static final int FORMAT_VERSION = 2;
    /** The first line of the file: the format and its version. */
    public static final String VERSION_LINE = "# maestro-agent v" + FORMAT_VERSION;
    /** The column names, in the order they are written. */
    public static final List<String> COLUMNS =
            List.of("action", "command", "start", "end", "outcome", "message", "exit", "stdout", "stderr");
    /** What {@link #escape} writes as a backslash and the character at the same place of {@link #ESCAPED}. */
    private static final String PLAIN = "\\\n\r\t";
    /** See {@link #PLAIN}. */
    private static final String ESCAPED = "\\nrt";

    /**
     * One action.
     *
     * @param action  its id ("" when the file has none)
     * @param command the command as sent
     * @param start   epoch ms when it started
     * @param end     epoch ms when it ended, -1 while it runs
     * @param outcome how it ended, {@code running} while it runs
     * @param message its result or the reason, on one line
     * @param exit    the exit code of a handler that is a program, "" for other actions and while it runs
     * @param stdout  the end of that program's standard output (a few hundred characters at most), or ""
     * @param stderr  the end of its standard error, or ""
     */
    public record Row(
            String action,
            String command,
            long start,
            long end,
            String outcome,
            String message,
            String exit,
            String stdout,
            String stderr) {
        /** An action that ran no program of its own: no exit code, no output. */
        public Row(String action, String command, long start, long end, String outcome, String message) {
            this(action, command, start, end, outcome, message, "", "", "");
        }

        /** The end, or the start for an action still running or whose end is before its start. */
        public long endOrStart() {
            return end < start ? start : end;
        }
    }

    private AgentActions() {}

    /**
     * Reads the actions of a file. Columns are found by name: start ({@code start}, {@code startMillis}, …), end,
     * {@code command} (or {@code action}), {@code outcome} (or {@code result}, {@code status}), {@code message} (or
     * {@code reason}, {@code detail}), {@code exit} (or {@code exitCode}), {@code stdout} and {@code stderr} (unescaped;
     * empty in version 1 files, which have none); times are epoch ms or ISO-8601.
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
        int exit = table.column("exit", "exitCode", "exit_code");
        int stdout = table.column("stdout");
        int stderr = table.column("stderr");
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
                    CsvTable.cell(row, message),
                    CsvTable.cell(row, exit),
                    unescape(CsvTable.cell(row, stdout)),
                    unescape(CsvTable.cell(row, stderr))));
        }
        return rows;
    }

    /**
     * Program output on one line: a backslash becomes {@code \\}, a line feed {@code \n}, a carriage return
     * {@code \r} and a tab {@code \t}.
     */
    public static String escape(String text) {
        StringBuilder line = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            int special = PLAIN.indexOf(c);
            if (special < 0) {
                line.append(c);
            } else {
                line.append('\\').append(ESCAPED.charAt(special));
            }
        }
        return line.toString();
    }

    /** The text {@link #escape} was given back; a backslash before any other character stays as it is. */
    public static String unescape(String line) {
        StringBuilder text = new StringBuilder(line.length());
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i++);
            int special = c == '\\' && i < line.length() ? ESCAPED.indexOf(line.charAt(i)) : -1;
            if (special < 0) {
                text.append(c);
            } else {
                text.append(PLAIN.charAt(special));
                i++;
            }
        }
        return text.toString();
    }
}
