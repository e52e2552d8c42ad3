package org.maestro.agent.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The start and end of every action of an agent, written as {@code agent-actions.csv} into the result directory
 * each action belongs to; thread-safe.
 *
 * <pre>
 * # maestro-agent v1
 * action,command,start,end,outcome,message
 * 1,restart router 2,1732262580000,1732262582311,success,router stopped for 2 s and started again
 * </pre>
 *
 * {@code start} and {@code end} are epoch milliseconds; {@code end} is empty and {@code outcome} {@code running}
 * for an action still running when the file was written.
 */
public final class ActionTimeline {
    /** The file name in the peer's result directory. */
    public static final String FILE_NAME = "agent-actions.csv";
    /** The first line of the file: the format and its version. */
    public static final String VERSION_LINE = "# maestro-agent v1";
    /** The column header. */
    public static final String HEADER = "action,command,start,end,outcome,message";

    private final Map<String, ActionRecord> records = new LinkedHashMap<>();

    /** Adds or replaces the record of an action. */
    public synchronized void update(ActionRecord record) {
        records.put(record.id(), record);
    }

    /** All records, in the order the actions started. */
    public synchronized List<ActionRecord> records() {
        return List.copyOf(records.values());
    }

    /** Writes the file of one result directory with the actions that belong to it. */
    public void write(Path resultDirectory) throws IOException {
        List<ActionRecord> rows = new ArrayList<>();
        for (ActionRecord record : records()) {
            if (Objects.equals(record.resultDirectory(), resultDirectory)) {
                rows.add(record);
            }
        }
        StringBuilder text = new StringBuilder(VERSION_LINE).append('\n').append(HEADER).append('\n');
        for (ActionRecord row : rows) {
            text.append(csv(row.id())).append(',')
                    .append(csv(row.command())).append(',')
                    .append(row.start()).append(',')
                    .append(row.end() < 0 ? "" : Long.toString(row.end())).append(',')
                    .append(row.outcome().label()).append(',')
                    .append(csv(row.message())).append('\n');
        }
        Files.createDirectories(resultDirectory);
        Path temporary = resultDirectory.resolve(FILE_NAME + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, resultDirectory.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes the file of every result directory that has actions. */
    public void writeAll() throws IOException {
        Set<Path> directories = new LinkedHashSet<>();
        for (ActionRecord record : records()) {
            if (record.resultDirectory() != null) {
                directories.add(record.resultDirectory());
            }
        }
        for (Path directory : directories) {
            write(directory);
        }
    }

    /** Quotes a CSV field when needed (RFC 4180); line breaks become spaces. */
    static String csv(String field) {
        String flat = field.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
        if (flat.indexOf(',') < 0 && flat.indexOf('"') < 0) {
            return flat;
        }
        return '"' + flat.replace("\"", "\"\"") + '"';
    }
}
